import { useLocation } from "@remix-run/react";

/** Routes where the spec hides the powered-by footer. */
const FOOTERLESS = ["/cart", "/checkout", "/login", "/register", "/forgot-password", "/account/add-address"];

/** The store's powered-by HTML, sanitised by the API before it reaches the page. */
export function PoweredByFooter({ html }: { html: string | null }) {
  const { pathname } = useLocation();
  if (!html || FOOTERLESS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return null;
  return (
    <footer
      data-testid="powered-by"
      className="mx-auto max-w-6xl px-4 pb-24 pt-6 text-center text-xs text-gray-600 md:pb-6 [&_a]:underline"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allowlist sanitizer on import and on read
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
