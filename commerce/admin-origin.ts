/**
 * The store owner's admin origin (the `adminOrigin` setting, decision 044): an https origin with nothing after it, or
 * plain http on this machine's own names for a local admin. It may frame the store's pages (CSP frame-ancestors) and
 * is where the preview home's admin buttons lead.
 */
export function isAdminOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin !== value) return false;
  const local = url.hostname === "localhost" || url.hostname.endsWith(".localhost") || url.hostname === "127.0.0.1";
  return url.protocol === "https:" || (url.protocol === "http:" && local);
}

/**
 * The admin pages the preview home points to (spec: Preview home): on the admin origin when the store names one; else
 * the owner's desk on the store's own host (decision 083), whose catalogue page says how to add products and change
 * the theme.
 */
export function adminLinks(origin: string | undefined): { addProduct: string; customizeTheme: string } {
  if (!origin || !isAdminOrigin(origin)) return { addProduct: "/admin/catalogue#products", customizeTheme: "/admin/catalogue#theme" };
  return { addProduct: `${origin}/admin/catalog/products/add`, customizeTheme: `${origin}/admin/design/themes` };
}
