import { Link } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import { withMessages } from "../../i18n/with-messages";
import { hydratedLater } from "../../lib/hydrated-later";
import { IMAGE_SLOTS } from "../../lib/image-sources";
import type { CartBadge, StoreInfo } from "../../route-data";
import { ChangeLocationLink } from "../location/change-location-link";
import { StoreImage } from "../store-image";
import { LanguageSwitch as RenderedLanguageSwitch } from "./language-switch";
import { NavSearchForm, NavSearchLink } from "./nav-search";

// Only a store offering more than one language shows it, and only as links: the server renders it in full, the
// browser fetches its code after hydrating (decision 057), so a page's initial JavaScript carries none of it.
const LanguageSwitch = hydratedLater("nav-langs", import.meta.env.SSR ? RenderedLanguageSwitch : null, () =>
  import("./language-switch").then(withMessages).then((module) => module.LanguageSwitch),
);

export function TopNav({
  store,
  cartBadge,
  signedIn,
  branchName,
}: {
  store: StoreInfo;
  /** The cart's count, or the message of a cart read that failed (spec section 8: 'Cart Fetch Error'). */
  cartBadge: CartBadge;
  signedIn: boolean;
  /** The branch the shopper is served from, named beside 'Change Location'. */
  branchName: string | null;
}) {
  const t = useT();
  return (
    <header className="sticky top-0 z-20 bg-brand text-brand-on shadow-sm" data-testid="top-nav">
      {/* Closer on a phone, and the store's name the part that gives way: a language's longer words still fit in one row. */}
      <nav className="relative mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:gap-4" aria-label={t("shell.nav_label")}>
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-lg" prefetch="intent">
          {store.logo ? (
            <StoreImage
              src={store.logo}
              alt=""
              shownAt={IMAGE_SLOTS.navLogo}
              width={32}
              height={32}
              className="h-8 w-8 rounded bg-white/90"
            />
          ) : null}
          <span className="truncate" data-testid="store-name">
            {store.name}
          </span>
        </Link>
        <NavSearchForm />
        <ul className="ms-auto flex shrink-0 items-center gap-2 text-sm sm:gap-4">
          {store.topNav.map((link) => (
            <li key={link.url} className="hidden sm:block">
              <Link to={link.url} className="hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
          <li className="md:hidden">
            <NavSearchLink />
          </li>
          <li>
            <Link to={signedIn ? "/account" : "/login"} className="hover:underline" data-testid="account-link">
              {signedIn ? t("shell.account") : t("shell.sign_in")}
            </Link>
          </li>
          <li className="relative">
            <Link to="/cart" className="relative rounded-full bg-brand-raised px-3 py-1.5 hover:bg-brand-raised-hover">
              {t("shell.cart")}
              {cartBadge.count > 0 ? (
                <span className="absolute -end-2 -top-2 rounded-full bg-white px-1.5 text-xs font-bold text-brand">
                  {/* Read as "Cart, 3 items"; the badge shows only the number, the phrase is the language's own. */}
                  <span aria-hidden="true" data-testid="cart-count">
                    {cartBadge.count}
                  </span>
                  <span className="sr-only">, {t("shell.cart_badge_items", { count: cartBadge.count })}</span>
                </span>
              ) : null}
            </Link>
            {cartBadge.error ? (
              <span
                role="status"
                className="absolute end-0 top-full mt-2 whitespace-nowrap rounded bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800"
                data-testid="cart-fetch-error"
              >
                {cartBadge.error}
              </span>
            ) : null}
          </li>
        </ul>
      </nav>
      <div className="mx-auto flex max-w-6xl px-4 pb-2 text-sm">
        <ChangeLocationLink className="flex min-w-0 items-center gap-1 hover:underline" testId="change-location">
          {branchName ? (
            <span className="truncate">
              <span className="sr-only">{t("shell.delivering_from")} </span>
              <span data-testid="nav-branch-name">{branchName}</span>
            </span>
          ) : null}
          <span className="shrink-0 font-semibold underline">{t("shell.change_location")}</span>
        </ChangeLocationLink>
        <LanguageSwitch className="ms-auto" testId="nav-languages" />
      </div>
    </header>
  );
}
