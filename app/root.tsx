import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { withoutLanguagePrefix } from "../commerce/languages";
import type { NavLink } from "../worker/store-data/store-data";
import { ErrorPage } from "./components/error-page";
import { storePlugins } from "./components/plugins/store-plugins.server";
import { BottomNav as RenderedBottomNav } from "./components/shell/bottom-nav";
import { PoweredByFooter as RenderedPoweredByFooter } from "./components/shell/powered-by-footer";
import { preloadRouteDialog, RouteFrame } from "./components/shell/route-frame";
import { StoreClosed as RenderedStoreClosed } from "./components/shell/store-closed";
import { ThemeStyle } from "./components/shell/theme-style";
import { TopNav } from "./components/shell/top-nav";
import { useT } from "./i18n/use-t";
import { withMessages } from "./i18n/with-messages";
import { rootCartBadge } from "./lib/cart.server";
import { hydratedLater } from "./lib/hydrated-later";
import { useNonce } from "./lib/nonce";
import { preloadable } from "./lib/preloadable";
import { scrollKey } from "./lib/scroll-key";
import { speculationFor, speculationScript } from "./lib/speculation-rules";
import { getStoreData } from "./lib/store-data.server";
import { useDesktopShell } from "./lib/use-desktop";
import { useHydrated } from "./lib/use-hydrated";
import { wishlistIds } from "./lib/wishlist.server";
import type { CartBadge, RootData } from "./route-data";
import { useToasts } from "./state/toasts";
import "@unocss/reset/tailwind.css";
import "virtual:uno.css";
import { asksToSaveData } from "../web/save-data";
import { isSignedIn } from "./lib/account.server";
import { pageLanguages } from "./lib/page-languages.server";
import { pageTranslator } from "./lib/page-translator.server";

// Loaded when needed, never during hydration: the desktop shell on desktop, the notifications with the first one, the
// idle shell parts after hydration. Each page a shopper lands on has 88 KiB of initial JavaScript (decision 072).
const { Component: HomeUnderlay, preload: preloadHomeUnderlay } = preloadable(() =>
  import("./components/shell/home-underlay").then(withMessages),
);
const Toasts = lazy(() => import("./components/shell/toasts").then(withMessages));
const DeferredShell = lazy(() => import("./components/shell/deferred-shell").then(withMessages));
// Only a closed store shows this: the server renders it in full, the browser fetches it while hydrating.
const StoreClosed = hydratedLater("store-closed-screen", import.meta.env.SSR ? RenderedStoreClosed : null, () =>
  import("./components/shell/store-closed").then(withMessages).then((module) => module.StoreClosed),
);
// Likewise the phone's tab bar: links, which work as they would without JavaScript until its code comes.
const BottomNav = hydratedLater("bottom-nav", import.meta.env.SSR ? RenderedBottomNav : null, () =>
  import("./components/shell/bottom-nav").then(withMessages).then((module) => module.BottomNav),
);
// Likewise the footer: links and the store's own HTML, at the end of the page.
const PoweredByFooter = hydratedLater("store-footer", import.meta.env.SSR ? RenderedPoweredByFooter : null, () =>
  import("./components/shell/powered-by-footer").then(withMessages).then((module) => module.PoweredByFooter),
);
// Only a store with a third-party plugin on (and the shopper's consent, when it asks) ever fetches this.
const PluginHost = lazy(() => import("./components/plugins/plugin-host").then(withMessages));

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const [{ layout, branches }, wishlist, cartBadge, pages] = await Promise.all([
    getStoreData(context),
    wishlistIds(context),
    rootCartBadge(context, request),
    // The footer lists the store's content pages (kept per store by the API, like get-data). Spec section 8: a failed
    // read of site data is silently ignored, so the footer then lists none rather than the page failing.
    context.origin.pages().catch(() => []),
  ]);
  const { branchId, branchChosen, unserviceable } = context.shopper;
  const navLinks = (code: "top_nav" | "bottom_nav"): NavLink[] => {
    for (const element of layout) {
      if (element.type === "designElement" && (element.code === "top_nav" || element.code === "bottom_nav") && element.code === code) {
        return element.data.links;
      }
    }
    return [];
  };
  const store = context.settings;
  if (!store.connectivityProbeUrl.startsWith("/")) context.allowConnect(store.connectivityProbeUrl);
  const shopper = context.shopper.current;
  const signedIn = isSignedIn(context);
  return {
    store: {
      name: store.name,
      logo: store.logo,
      isOpen: store.isOpen,
      isDigital: store.isDigital,
      currency: store.currency,
      theme: store.theme,
      favicons: store.favicons,
      poweredByHtml: store.poweredByHtml,
      pages: pages.map((page) => ({ slug: page.slug, title: page.title })),
      language: store.language,
      timeZone: store.timeZone,
      locale: store.locale,
      seo: store.seo,
      settings: store.seoAffixes,
      topNav: navLinks("top_nav"),
      bottomNav: navLinks("bottom_nav"),
      connectivityProbeUrl: store.connectivityProbeUrl,
    },
    // Where the shopper is served from (commerce/branch-choice.ts): the nav's 'Change Location' names it.
    branch: { id: branchId, name: branches.find((b) => b.id === branchId)?.name ?? null, chosen: branchChosen, unserviceable },
    cartBadge,
    signedIn,
    // Which Speculation Rules the page carries (decision 069): a catalogue page's, unless the shopper asked to save data.
    speculation: speculationFor({
      pathname: withoutLanguagePrefix(new URL(request.url).pathname),
      saveData: asksToSaveData(request.headers),
      signedIn,
    }),
    // The guest's own id, for the copy the browser keeps beside its cookie (decision 029); answers are private.
    guestId: shopper.kind === "guest" ? shopper.guestId : null,
    // Which hearts are filled: the shopper's own, so never inside a catalogue answer (decision 028).
    wishlist,
    // The shopper's consent decides which plugins load: shopper-dependent, as the cart badge is (decision 031).
    plugins: storePlugins(
      store.plugins,
      layout,
      context.shopper.cookieConsent,
      pageTranslator(context),
      context.language.prefix,
      context.cloudflare.env.PLUGIN_SCRIPTS_URL,
    ),
    // Store images through Cloudflare's resizing where the zone has it (decision 042); served as stored otherwise.
    imageResizing: context.cloudflare.env.IMAGE_RESIZING === "cloudflare",
    language: pageLanguages(context.language, store),
    pageNotFoundTitle: pageTranslator(context)("common.not_found_title"),
  };
}

// Store settings do not change while a shopper navigates; only a form submission may have changed them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const store = root?.store;
  const nonce = useNonce();
  // Marks the document as interactive, for people debugging and for the browser tests; and tells a route's module that
  // runs later that it came with a client-side navigation (`early` in app/lib/hydrated-later.tsx).
  const hydrated = useHydrated();
  return (
    <html lang={root?.language.tag ?? "en"} dir={root?.language.dir ?? "ltr"} data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {store ? <ThemeStyle theme={store.theme} nonce={nonce} /> : null}
        {store?.theme["--brand"] ? <meta name="theme-color" content={store.theme["--brand"]} /> : null}
        {store?.favicons.length ? (
          store.favicons.map((icon) => <link key={icon.size} rel="icon" sizes={`${icon.size}x${icon.size}`} href={icon.href} />)
        ) : (
          // Without a favicon setting, an empty icon stops browsers asking for /favicon.ico (a 404 page render).
          <link rel="icon" href="data:," />
        )}
        {/*
          Without the root's data (its loader failed) `meta` has no title to give; the page's messages do. Only the
          server's: such a page is never hydrated (entry.client.tsx), so the browser's bundle carries none of it.
        */}
        {import.meta.env.SSR && !root ? <StoreTitle /> : null}
        <Meta />
        <Links />
        {/*
          The Speculation Rules the root loader chose (decision 069), with the answer's nonce (the page cache puts each
          answer's own in). They serve the taps that load a document, before hydration; once hydrated, Remix's router
          answers taps itself, so the element is removed and Chromium drops the rules. Only the server writes the
          element: hydration keeps a node's attributes and text as the server wrote them, so the browser's render only
          holds its place until it is removed, and the bundle carries none of it (the initial JS has a ceiling).
        */}
        {root?.speculation && !hydrated ? (
          <script
            {...(import.meta.env.SSR
              ? speculationScript(root.speculation, nonce, root.language.prefix)
              : { dangerouslySetInnerHTML: { __html: "" } })}
          />
        ) : null}
      </head>
      <body className="min-h-screen bg-brand-s5 font-sans text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} getKey={scrollKey} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { store, cartBadge, signedIn, branch, plugins } = useLoaderData<typeof loader>();
  const badge = useCartBadge(cartBadge);
  const { pathname } = useLocation();
  const desktopShell = useDesktopShell();
  const anyToast = useToasts().length > 0;
  const hydrated = useHydrated();
  const t = useT();
  // On desktop the shell's chunks are fetched right after hydration, so the first dialog opens at once.
  useEffect(() => {
    if (desktopShell) void Promise.all([preloadHomeUnderlay(), preloadRouteDialog()]);
  }, [desktopShell]);
  if (!store.isOpen) return <StoreClosed store={store} />;
  // Spec section 2: on desktop, with JavaScript, every other route opens in a dialog above the home page.
  const inDialog = desktopShell && pathname !== "/";
  return (
    <>
      {/* Under a dialog the page is inert: no focus, no clicks, hidden from assistive technology. */}
      <div {...(inDialog ? { inert: "" } : {})} className="contents">
        {/* The first stop for a keyboard: past the nav to the page's own <main id="main"> (WCAG 2.4.1). */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ink focus:shadow-lg"
        >
          {t("shell.skip_to_main")}
        </a>
        {plugins.consentBanner ? <ServerMarkup html={plugins.consentBanner} /> : null}
        <TopNav store={store} cartBadge={badge} signedIn={signedIn} branchName={branch.name} />
        {inDialog ? (
          <Suspense fallback={null}>
            <HomeUnderlay />
          </Suspense>
        ) : null}
      </div>
      {/* The page keeps its place in the tree whether or not it is in a dialog, so hydration never empties it. */}
      <RouteFrame dialog={inDialog} wide={pathname.startsWith("/page/")}>
        <Outlet />
      </RouteFrame>
      <div {...(inDialog ? { inert: "" } : {})} className="contents">
        <BottomNav links={store.bottomNav} />
        <PoweredByFooter html={store.poweredByHtml} pages={store.pages} />
        {plugins.chatLink ? <ServerMarkup html={plugins.chatLink} /> : null}
      </div>
      {hydrated ? (
        <Suspense fallback={null}>
          <DeferredShell />
        </Suspense>
      ) : null}
      {hydrated && plugins.scripts.length > 0 ? (
        <Suspense fallback={null}>
          <PluginHost plugins={plugins.scripts} />
        </Suspense>
      ) : null}
      {anyToast ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
    </>
  );
}

/** The document's title when the root has no data to title it with. */
function StoreTitle() {
  return <title>{useT()("shell.store_title")}</title>;
}

/** The badge from the deepest page that read the cart itself (the cart page), else the root's. */
function useCartBadge(fromRoot: CartBadge): CartBadge {
  const matches = useMatches();
  for (let i = matches.length - 1; i > 0; i--) {
    const data = matches[i]!.data as { cartBadge?: CartBadge } | undefined;
    if (data?.cartBadge) return data.cartBadge;
  }
  return fromRoot;
}

/** A plugin's no-JavaScript part, rendered to HTML by the root loader (app/components/plugins/store-plugins.server.tsx). */
function ServerMarkup({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own static markup of our components, escaped by React
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [];
  const { seo } = data.store;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    ...(seo.image ? [{ property: "og:image", content: seo.image }] : []),
  ];
};

export function ErrorBoundary() {
  return <ErrorPage />;
}
