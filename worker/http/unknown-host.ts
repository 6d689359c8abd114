/**
 * The plain page for an address that is no store's, before any store is found: it names no store. Its one rule is in
 * a style element with the response's CSP nonce (a style attribute would need 'unsafe-inline').
 */
function plainPage(status: 400 | 404 | 503, title: string, text: string, nonce: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style></head>
<body><h1>${title}</h1><p>${text}</p></body></html>`;
  return new Response(html, { status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** A hostname that is no store's. */
export function unknownHostResponse(nonce: string): Response {
  return plainPage(404, "Store not found", "There is no store at this address. Check the link and try again.", nonce);
}

/** A host name no store can have (worker/http/host-check.ts). */
export function impossibleHostResponse(nonce: string): Response {
  return plainPage(400, "Bad address", "This address is not a store's. Check the link and try again.", nonce);
}

/** A store this deployment cannot serve now (its database is missing or being upgraded): the message says which. */
export function storeUnavailableResponse(nonce: string, message: string, retryAfterSeconds: number): Response {
  return plainPage(503, "Store unavailable", message, nonce, { "Retry-After": String(retryAfterSeconds) });
}
