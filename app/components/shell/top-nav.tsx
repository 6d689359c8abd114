import { Link } from "@remix-run/react";
import { IMAGE_SLOTS } from "../../lib/image-sources";
import type { CartBadge, StoreInfo } from "../../route-data";
import { ChangeLocationLink } from "../location/change-location-link";
import { StoreImage } from "../store-image";
import { NavSearchForm, NavSearchLink } from "./nav-search";

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
  return (
    <header className="sticky top-0 z-20 bg-brand text-brand-on shadow-sm" data-testid="top-nav">
      <nav className="relative mx-auto flex max-w-6xl items-center gap-4 px-4 py-3" aria-label="Main">
        <Link to="/" className="flex items-center gap-2 font-bold text-lg" prefetch="intent">
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
          <span data-testid="store-name">{store.name}</span>
        </Link>
        <NavSearchForm />
        <ul className="ms-auto flex items-center gap-4 text-sm">
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
              {signedIn ? "Account" : "Sign in"}
            </Link>
          </li>
          <li className="relative">
            <Link to="/cart" className="relative rounded-full bg-brand-raised px-3 py-1.5 hover:bg-brand-raised-hover">
              Cart
              {cartBadge.count > 0 ? (
                <span className="absolute -end-2 -top-2 rounded-full bg-white px-1.5 text-xs font-bold text-brand">
                  {/* Read as "Cart, 3 items"; the badge shows only the number. */}
                  <span className="sr-only">, </span>
                  <span data-testid="cart-count">{cartBadge.count}</span>
                  <span className="sr-only">{cartBadge.count === 1 ? " item" : " items"}</span>
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
              <span className="sr-only">Delivering from </span>
              <span data-testid="nav-branch-name">{branchName}</span>
            </span>
          ) : null}
          <span className="shrink-0 font-semibold underline">Change Location</span>
        </ChangeLocationLink>
      </div>
    </header>
  );
}
