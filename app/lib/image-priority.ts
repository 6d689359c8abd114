/**
 * How an <img> loads: the page's largest picture (its LCP element) eagerly and ahead of everything else, the rest
 * lazily. React 18 does not know `fetchPriority` and would print it camel-cased with a warning; the lowercase
 * attribute is what HTML defines.
 */
export function imagePriority(largest: boolean): { loading: "eager" | "lazy"; fetchpriority?: "high" } {
  return largest ? { loading: "eager", fetchpriority: "high" } : { loading: "lazy" };
}
