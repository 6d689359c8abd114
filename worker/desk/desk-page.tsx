import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { SHOPPER_CACHE_CONTROL } from "../../web/cache-control";
import type { DeskView } from "./desk-view";

/** The desk's sections, in the nav's order; `owner`: shown to owners only (the orders role may not use them). */
const SECTIONS = [
  { path: "/admin/orders", label: "desk.nav_orders", owner: false },
  { path: "/admin/stock", label: "desk.nav_stock", owner: true },
  { path: "/admin/switches", label: "desk.nav_switches", owner: true },
  { path: "/admin/today", label: "desk.nav_today", owner: false },
  { path: "/admin/catalogue", label: "desk.nav_catalogue", owner: false },
] as const;

export type DeskSection = (typeof SECTIONS)[number]["path"];

export interface DeskPageProps {
  view: DeskView;
  title: string;
  /** The nav's entry this page belongs to; none on the sign-in page. */
  section?: DeskSection;
  /** Scripts of the desk's own (public/desk/), for what needs JavaScript; every page works without them. */
  scripts?: string[];
  children: ReactNode;
}

function DeskNav({ view, section }: { view: DeskView; section?: DeskSection }) {
  const { t, staff } = view;
  if (!staff) return null;
  return (
    <>
      <nav aria-label={t("desk.nav_label")}>
        <ul>
          {SECTIONS.filter((s) => !s.owner || staff.role === "owner").map((s) => (
            <li key={s.path}>
              <a href={s.path} aria-current={s.path === section ? "page" : undefined}>
                {t(s.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="post" action="/admin/logout" className="who">
        <span>
          {t("desk.signed_in_as", { name: staff.name, role: t(staff.role === "owner" ? "desk.role_owner" : "desk.role_orders") })}
        </span>
        <button type="submit">{t("desk.sign_out")}</button>
      </form>
    </>
  );
}

/** A whole desk page: the store's name, the nav and who is signed in, then the page's own content. */
export function DeskPage({ view, title, section, scripts = [], children }: DeskPageProps) {
  const { t } = view;
  return (
    <html lang={view.language} dir={view.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{t("desk.page_title", { page: title, store: view.storeName })}</title>
        <link rel="stylesheet" href="/desk/desk.css" />
      </head>
      <body>
        <a className="skip" href="#main">
          {t("desk.skip_to_content")}
        </a>
        <header>
          <p className="store">{view.storeName}</p>
          <DeskNav view={view} section={section} />
        </header>
        <main id="main" tabIndex={-1}>
          <h1>{title}</h1>
          {children}
        </main>
        {scripts.map((src) => (
          <script key={src} type="module" src={src} nonce={view.nonce} />
        ))}
      </body>
    </html>
  );
}

/**
 * A desk page as the answer: never kept by any cache (it is one member's, and moves with the store's day), never
 * indexed, with the headers it needs besides.
 */
export function deskResponse(page: ReactNode, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(`<!doctype html>${renderToString(page)}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": SHOPPER_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
      ...headers,
    },
  });
}
