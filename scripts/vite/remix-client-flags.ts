import type { Plugin } from "vite";

/**
 * Remix's browser code reads its future flags and SPA mode from `window.__remixContext` at run time, so the minifier
 * keeps every branch: lazy route discovery (off here, decision 010), the pre-single-fetch `?_data` requests and their
 * deferred-stream parser, SPA mode, and the router's own v7 flags that Remix sets from them. The flags are fixed when
 * the app is built, so the browser's build writes them in as constants and Terser drops what they rule out (decision
 * 072), with the parts of `<Scripts>` and `<ScrollRestoration>` only a server render writes. Only these flag values
 * are supported: each edit must match exactly as often as listed, and every file must be seen, so a Remix upgrade that
 * moves the code stops the build instead of shipping it half-edited.
 */
export interface RemixFuture {
  v3_singleFetch?: boolean;
  v3_lazyRouteDiscovery?: boolean;
  v3_fetcherPersist?: boolean;
  v3_relativeSplatPath?: boolean;
}

interface Edit {
  file: string;
  find: string | RegExp;
  replace: string;
  /** How many times `find` occurs in the file as Remix ships it. */
  count: number;
}

const EDITS: Edit[] = [
  // The flags as the server wrote them into the page; the build knows them.
  { file: "browser.js", find: "window.__remixContext.future.v3_singleFetch", replace: "true", count: 4 },
  { file: "browser.js", find: "window.__remixContext.isSpaMode", replace: "false", count: 8 },
  // A hook for Vite's dev server (HMR), which never serves this build.
  { file: "browser.js", find: "router.createRoutesForHMR = createClientRoutesWithHMRRevalidationOptOut;", replace: "", count: 1 },
  { file: "fog-of-war.js", find: "!isFogOfWarEnabled(future, isSpaMode)", replace: "true", count: 2 },
  { file: "components.js", find: "isFogOfWarEnabled(future, isSpaMode)", replace: "false", count: 1 },
  { file: "components.js", find: /\bfuture\.v3_singleFetch\b/g, replace: "true", count: 4 },
  // The browser never renders statically: the scripts that hand the server's context over are the server's to write,
  // and hydration keeps a script's text as the server wrote it.
  { file: "components.js", find: "let contextScript = staticContext ?", replace: "let contextScript = false ?", count: 1 },
  { file: "components.js", find: "let routeModulesScript = !isStatic ?", replace: "let routeModulesScript = true ?", count: 1 },
  // Deferred data's scripts: single fetch streams deferred data through turbo-stream instead.
  {
    file: "components.js",
    find: 'if (!isStatic && typeof __remixContext === "object" && __remixContext.a) {',
    replace: "if (false) {",
    count: 1,
  },
  // Likewise the inline script that restores the scroll position before hydration: written by the server, kept as is.
  {
    file: "scroll-restoration.js",
    find: /let restoreScroll = \(\(STORAGE_KEY, restoreKey\) => \{[\s\S]*?\}\)\.toString\(\);/g,
    replace: 'let restoreScroll = "";',
    count: 1,
  },
  { file: "links.js", find: /\bfuture\.v3_singleFetch\b/g, replace: "true", count: 2 },
  { file: "routes.js", find: /\bfuture\.v3_singleFetch\b/g, replace: "true", count: 1 },
  // Remix's default loading screen for a root whose `clientLoader` runs on hydration: ours has none (checked below).
  { file: "routes.js", find: 'route.id === "root" ? RemixRootDefaultHydrateFallback : undefined', replace: "undefined", count: 1 },
  // With single fetch every loader and action is called with the single-fetch handler, never with a bare request.
  {
    file: "routes.js",
    find: "let result = await fetchServerHandler(request, route);\n      return unwrap ? unwrapServerResponse(result) : result;",
    replace: 'throw new Error("Remix: a server handler was called without single fetch");',
    count: 1,
  },
  // SPA mode is a build option this app does not use: a parameter the browser's routes are always created with false.
  { file: "routes.js", find: /(function \w+\([^)]*?)\bisSpaMode\b/g, replace: "$1_isSpaMode", count: 6 },
  { file: "routes.js", find: /\bisSpaMode\b/g, replace: "false", count: 18 },
];

/**
 * The router's own flags, which Remix's browser entry sets: three always, one with single fetch, two from the app's
 * flags. They are read in the router Remix creates (and in the server's static handler, which the browser never runs).
 */
function routerEdits(future: RemixFuture): Edit[] {
  const flags: [name: string, value: boolean, count: number][] = [
    ["partialHydration", true, 5],
    ["normalizeFormMethod", true, 2],
    ["prependBasename", true, 2],
    ["skipActionErrorRevalidation", true, 2],
    ["fetcherPersist", future.v3_fetcherPersist === true, 5],
    ["relativeSplatPath", future.v3_relativeSplatPath === true, 4],
  ];
  return flags.map(([name, value, count]) => ({
    file: "router.js",
    find: new RegExp(`\\bfuture\\.v7_${name}\\b`, "g"),
    replace: String(value),
    count,
  }));
}

const REMIX_FILE = /\/node_modules\/@remix-run\/(?:react\/dist\/esm|router\/dist)\/([\w-]+\.js)$/;

export function remixClientFlags(future: RemixFuture): Plugin {
  if (future.v3_singleFetch !== true || future.v3_lazyRouteDiscovery !== false)
    throw new Error("remix-client-flags: written for single fetch on and lazy route discovery off");
  const edits = [...EDITS, ...routerEdits(future)];
  let browserBuild = false;
  const edited = new Set<string>();
  return {
    name: "remix-client-flags",
    enforce: "pre",
    apply: "build",
    configResolved(config) {
      browserBuild = !config.build.ssr;
    },
    transform(code, id, options) {
      if (options?.ssr) return;
      if (/\/app\/root\.tsx(\?|$)/.test(id) && /\bclientLoader\b/.test(code))
        throw new Error("remix-client-flags: app/root.tsx has a clientLoader, which needs Remix's default HydrateFallback back");
      const file = REMIX_FILE.exec(id)?.[1];
      if (!file) return;
      edited.add(file);
      let result = code;
      for (const edit of edits.filter((e) => e.file === file)) {
        const found = typeof edit.find === "string" ? result.split(edit.find).length - 1 : (result.match(edit.find) ?? []).length;
        if (found !== edit.count)
          throw new Error(`remix-client-flags: ${file} has ${found} of ${String(edit.find)}, expected ${edit.count}`);
        result = typeof edit.find === "string" ? result.replaceAll(edit.find, edit.replace) : result.replace(edit.find, edit.replace);
      }
      return result === code ? undefined : { code: result, map: null };
    },
    buildEnd(error) {
      // A file renamed or no longer bundled would leave its edits undone without a word.
      const missing = [...new Set(edits.map((e) => e.file))].filter((file) => !edited.has(file));
      if (browserBuild && !error && missing.length > 0) throw new Error(`remix-client-flags: never saw ${missing.join(", ")}`);
    },
  };
}
