import { vitePlugin as remix } from "@remix-run/dev";
import UnoCSS from "unocss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    UnoCSS(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off: with a storefront's few routes the whole manifest is small, and lazy discovery races links
        // prefetched on hover ("Tried to prefetch … but no routes matched"). docs/decisions/007.
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
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
    minify: true,
    // Remix already preloads every route's modules; Vite's helper for lazy chunks' dependencies would be
    // the largest file on the page after React. Lazy chunks import little beyond what is already loaded.
    modulePreload: false,
    rollupOptions: {
      output: {
        // Small modules most pages share, in one file rather than five of a few hundred bytes each.
        manualChunks: (id) =>
          /\/app\/(components\/(price|error-page|not-found|product\/star-rating)\.tsx|lib\/(revalidate|route-meta|seo)\.ts)$/.test(id)
            ? "shared"
            : undefined,
      },
    },
  },
  esbuild: { legalComments: "none" },
});
