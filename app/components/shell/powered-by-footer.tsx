import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import type { RootData } from "../../route-data";
import { LanguageSwitch } from "./language-switch";

/** Spec section 2: the routes without the footer, exactly these (/cart/discounts has one). */
const FOOTERLESS = new Set(["/cart", "/checkout", "/login", "/register", "/forgot-password", "/account/add-address"]);

/** Whether the footer shows at this address; a trailing slash is the same route. */
export function showsFooter(pathname: string): boolean {
  return !FOOTERLESS.has(pathname.replace(/\/+$/, "") || "/");
}

/** The store's content pages (from /api/get-pages) and its powered-by HTML, sanitised by the API before it reaches the page. */
export function PoweredByFooter({ html, pages }: { html: string | null; pages: { slug: string; title: string }[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const languages = useRouteLoaderData<RootData>("root")?.language.versions.length ?? 1;
  if ((!html && pages.length === 0 && languages < 2) || !showsFooter(pathname)) return null;
  return (
    <footer data-testid="footer" className="mx-auto max-w-6xl px-4 pb-24 pt-6 text-center text-xs text-gray-600 desktop:pb-6">
      {pages.length > 0 ? (
        <nav aria-label={t("shell.store_pages_label")}>
          <ul className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1" data-testid="footer-pages">
            {pages.map((page) => (
              <li key={page.slug}>
                <Link to={`/page/${page.slug}`} className="underline">
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {html ? (
        <div
          data-testid="powered-by"
          className="[&_a]:underline"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allowlist sanitizer on import and on read
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
      <LanguageSwitch className="mt-2 flex justify-center" testId="footer-languages" />
    </footer>
  );
}
