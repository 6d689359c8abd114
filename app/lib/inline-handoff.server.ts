/**
 * Remix's single-fetch data for a document, inlined rather than streamed. Remix writes it through `<StreamTransfer>`,
 * a chain of Suspense boundaries only a streaming renderer can fill; our loaders never defer, so the data is whole
 * before rendering starts and the page can be rendered to one string (cheaper, and cacheable as it is).
 */

/**
 * The whole turbo-stream text of `stream`. Loaders that do not defer end it at once; an aborted request (the
 * shopper went away, or Remix's stream timeout) stops the read and throws rather than render half the data.
 */
export async function readHandoff(stream: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    signal.throwIfAborted();
    return text + decoder.decode();
  } finally {
    signal.removeEventListener("abort", stop);
  }
}

// What a script element's text must not contain raw; the same set as Remix's own escapeHtml (from htmlescape).
const UNSAFE_IN_SCRIPT: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * The scripts StreamTransfer would have written: the data into the stream `<Scripts>` set up on
 * window.__remixContext, then its end. They go after `<Scripts>`, so the stream exists when they run.
 */
export function handoffScripts(text: string, nonce: string | undefined): string {
  const open = nonce ? `<script nonce="${nonce}">` : "<script>";
  const json = JSON.stringify(text).replace(/[&><\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c] ?? c);
  const enqueue = text ? `${open}window.__remixContext.streamController.enqueue(${json});</script>` : "";
  return `${enqueue}${open}window.__remixContext.streamController.close();</script>`;
}
