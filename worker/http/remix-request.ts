const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The request as Remix gets it. Remix checks a form post's Origin against X-Forwarded-Host or Host and answers a
 * mismatch, or a missing Host, with a bare 500. The Worker's origin check has already compared Origin with the
 * address the request came to, so a post reaches Remix with that address's host and no forwarded host a client
 * could have made up.
 */
export function remixRequest(request: Request): Request {
  if (READS.has(request.method)) return request;
  const headers = new Headers(request.headers);
  headers.delete("X-Forwarded-Host");
  headers.set("Host", new URL(request.url).host);
  return new Request(request, { headers });
}
