/**
 * Whether a page request is the navigation of a frame, by the Fetch Metadata header browsers send on it
 * (`Sec-Fetch-Dest: iframe` or `frame`; Chrome 80, Firefox 90, Safari 16.4). The server cannot see a frame any other
 * way, and with JavaScript off nothing else can tell it: an older browser without the header is taken as top-level,
 * and its page corrects itself with JavaScript (decision 044).
 */
export function framedRequest(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  return dest === "iframe" || dest === "frame";
}
