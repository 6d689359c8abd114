import { vitePlugin as remix } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vite";
import { messagePacks } from "./scripts/vite/message-packs";
import { remixClientFlags } from "./scripts/vite/remix-client-flags";
import { workerTranslators } from "./scripts/vite/worker-translators";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Small modules grouped into one file per group rather than one file of a few hundred bytes each, every file a request
// with its own gzip overhead. docs/decisions/010.
const CHUNKS: [name: string, modules: RegExp][] = [
  // What most pages share (the nav's logo is a store image on every page); Rollup adds the framework to it.
  [
    "shared",
    /\/app\/(i18n\/(use-t|page-messages(\.client)?|message-packs)\.tsx?|components\/(price|error-page|not-found)\.tsx|lib\/(revalidate|route-meta|seo|use-hydrated|use-desktop)\.ts|lib\/hydrated-later\.tsx|state\/(toasts|last-home)\.ts|components\/product\/open-options-drawer\.ts|components\/location\/(change-location-link\.tsx|open-location-drawer\.ts)|components\/(search-field|product-search-input)\.tsx|components\/store-image\.tsx|lib\/image-sources\.ts)$|\/commerce\/(store-images|i18n\/(catalogue|said))\.ts$|vite\/preload-helper/,
  ],
  // The heart and the add-to-cart form of every product, on the home, product, category and search pages.
  [
    "product-actions",
    /\/app\/(components\/product\/(wishlist-heart|stock-badge)\.tsx|lib\/(image-priority|use-wishlist|wishlist|add-to-cart-form)\.ts)$|\/commerce\/stock\.ts$/,
  ],
  // The small parts of the pages a shopper fills in (the cart, checkout, account and sign-in pages): each is a few hundred
  // bytes, and one file is one request and one gzip window instead of four.
  ["page-parts", /\/app\/components\/(alert|page|text-link)\.tsx$|\/commerce\/addresses\.ts$/],
  // A product in a list, and the list that pages through them: the home, category and search pages. (The account's
  // lists of orders and wallet entries fetch the card with it, a kilobyte they do not use, off the goal pages' paths.)
  ["product-card", /\/app\/components\/(product-card|paged-list|product\/add-to-cart-button)\.tsx$/],
];

const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  // Off: with a storefront's few routes the whole manifest is small, and lazy discovery races links
  // prefetched on hover ("Tried to prefetch … but no routes matched"). docs/decisions/010.
  v3_lazyRouteDiscovery: false,
  v3_routeConfig: true,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The flags above as constants in the browser's copy of Remix, so the code they rule out is dropped (decision 072).
    remixClientFlags(REMIX_FUTURE),
    UnoCSS(),
    // Each chunk's messages beside it, and each page's first ones in its HTML (decision 081).
    // The desktop's home under a dialog is a page the root loads, not the shell's own: it fetches its words.
    messagePacks(import.meta.dirname, { notShell: /\/app\/components\/shell\/home-underlay\.tsx$/ }),
    workerTranslators(),
    remix({ future: REMIX_FUTURE }),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    // Terser packs the browser's JavaScript about 4% smaller than esbuild (3.5 KiB gzip off the shared chunk), which
    // helps keep each page a shopper lands on within 88 KiB (decision 072); the Worker keeps esbuild's faster build.
    // Decision 010.
    minify: isSsrBuild ? true : "terser",
    // Vite's default but Chrome and Edge from 91, whose optional chaining esbuild need not rewrite: about 0.3 KiB gzip
    // off each page. Older browsers still have every page without JavaScript (decision 082).
    target: ["es2020", "edge91", "firefox78", "chrome91", "safari14"],
    // The benchmark (scripts/bench.ts) asks for the server build's source map, to tell which of our files a profiled
    // Worker's CPU went to (docs/benchmark.md); the code built is the same, and nothing else makes or ships the map.
    sourcemap: isSsrBuild && process.env.BENCH_SOURCEMAP === "1",
    terserOptions: { module: true, compress: { passes: 2 } },
    rollupOptions: {
      output: {
        manualChunks: (id) => CHUNKS.find(([, modules]) => modules.test(id))?.[0],
      },
    },
  },
  esbuild: { legalComments: "none" },
}));
