/** The absolute address search engines should index for a page: this host, the given path, no query noise. */
export function canonicalUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).href;
}
