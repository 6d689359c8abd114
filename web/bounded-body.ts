/**
 * How a request body is read against a size limit, by the page forms' reader and the API alike.
 *
 * A body past the limit is still read to its end, keeping nothing: under `wrangler dev` (4.86, measured for decision
 * 059) a body left half-read or cancelled while the client still sends it breaks the connection of wrangler's proxy
 * Worker to ours, so the client gets the proxy's 503 or a reset instead of our answer (a third of single 1 MiB uploads).
 * The runtime alone would close the connection cleanly; reading on costs the refused client's own upload time. A call
 * refused from its headers alone need not make the client wait for that: it answers first and reads on afterwards
 * (worker/api/body-limits.ts).
 */

/** A form without file inputs: far more than any of ours sends. */
export const PLAIN_FORM_LIMIT_BYTES = 64 * 1024;

/** The body length a request declares: null when it declares none, "malformed" when its Content-Length is no length. */
export function declaredLength(headers: Headers): number | null | "malformed" {
  const declared = headers.get("Content-Length");
  if (declared === null) return null;
  return /^\d{1,15}$/.test(declared) ? Number(declared) : "malformed";
}

/** The body's bytes, or null when it is larger than `maxBytes` (read to its end all the same). */
export async function readBodyAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size <= maxBytes) chunks.push(value);
  }
  if (size > maxBytes) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads to its end a body nothing read (a form refused from its headers, a post to a page without an action). */
export async function drainUnread(body: ReadableStream | null): Promise<void> {
  if (!body || body.locked) return;
  await body.pipeTo(new WritableStream()).catch(() => undefined);
}
