/**
 * The store's colours as custom properties on :root, in a style element carrying the response's CSP nonce (a style
 * attribute would need 'unsafe-inline'). Values are colours the theme derived; anything else is left out, so no
 * setting can close the rule or the element.
 */
const SAFE_VALUE = /^[#0-9a-zA-Z(),./ %-]+$/;

export function themeCss(theme: Record<string, string>): string {
  const declarations = Object.entries(theme)
    .filter(([name, value]) => /^--[a-z0-9-]+$/.test(name) && SAFE_VALUE.test(value))
    .map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(";")}}`;
}

export function ThemeStyle({ theme, nonce }: { theme: Record<string, string>; nonce: string | undefined }) {
  // Only the server writes the rules, so the browser's bundle carries none of this (decision 072): hydration keeps a
  // style element's text as the server wrote it, and the browser's empty text never changes, so React never rewrites it.
  const css = import.meta.env.SSR ? themeCss(theme) : "";
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS text built from checked names and values, not markup.
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
