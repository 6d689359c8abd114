// Static size figures: what a cold visitor downloads (the Worker's own are in worker-bundle.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import { browserIdsOf, type MessagePacks, pageMessagesOf } from "../../app/i18n/message-packs";
import { cataloguePath } from "../../commerce/i18n/catalogue";
import type { Said } from "../../commerce/i18n/said";
import { SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from "../../commerce/languages";

/** A page and the Remix route ids it renders, root first, as the router would match them. */
export interface RouteChain {
  label: string;
  chain: string[];
}

/**
 * Pages whose initial JS is reported: the Remix route ids matched for that URL, root first. A page whose route is not
 * in the build yet is listed as skipped. The bundle test (tests/bundle/initial-js.test.ts) reads them too.
 */
export const PAGE_ROUTES: RouteChain[] = [
  { label: "/", chain: ["root", "routes/_index"] },
  { label: "/product/:slug", chain: ["root", "routes/product.$slug"] },
  { label: "/category/:slug", chain: ["root", "routes/category.$slug"] },
  { label: "/search", chain: ["root", "routes/search"] },
  { label: "/cart", chain: ["root", "routes/cart._index"] },
  { label: "404 (unknown path)", chain: ["root", "routes/$"] },
];

/**
 * Issue 39's goal: at most `kib` of initial JS (gzip -9) on each of these pages, the ones a shopper lands on; issue 40's
 * translations may add `MESSAGES_GOAL` to it (the messages in the page, the code that says them in this figure). The bench
 * reports it among its goals; the bundle test holds it.
 */
export const INITIAL_JS_GOAL = { kib: 88, pages: ["/", "/product/:slug", "/category/:slug", "/search", "/cart"] };

export interface RouteJs extends RouteChain {
  files: string[];
  gzipBytes: number;
  /**
   * The page's messages in each language (decision 081): the JSON its HTML carries for its first chunks, as
   * app/i18n/page-messages.server.ts writes it, with how many messages and its gzip bytes alone (in the page it shares
   * the HTML's gzip stream). The few hundred bytes of code that say them are in the code's figure.
   */
  messages: Record<string, { count: number; gzipBytes: number }>;
}

/**
 * Issue 40's ceiling: the translations add at most this much to any page's initial download, in any shipped language:
 * the page's messages, which its HTML carries (decision 081). The code that says them is in the code's figure, so a
 * page's code and its largest language's messages together stay within `INITIAL_JS_GOAL.kib + MESSAGES_GOAL.kib`.
 */
export const MESSAGES_GOAL = { kib: 2 };

/** A page whose route is not in this build (not written yet, or renamed): reported, not measured. */
export interface RouteSkipped extends RouteChain {
  skipped: string;
}

interface RemixManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

// Level 9 so the figure is stable and comparable with `gzip -9`; Cloudflare's own compression may differ slightly.
export const gzipBytes = (data: Buffer) => gzipSync(data, { level: 9 }).length;

function loadManifest(clientDir: string): RemixManifest {
  const files = readdirSync(join(clientDir, "assets")).filter((f) => /^manifest-.*\.js$/.test(f));
  // Two manifests would mean a stale build dir, and we could not tell which one the HTML references.
  if (files.length !== 1) throw new Error(`expected one manifest-*.js in ${clientDir}/assets, found ${files.length}`);
  // The file is a script (`window.__remixManifest={...}`), not JSON; run it in an empty context rather than eval.
  const sandbox: { window: { __remixManifest?: RemixManifest } } = { window: {} };
  runInNewContext(readFileSync(join(clientDir, "assets", files[0]!), "utf8"), sandbox, { timeout: 1000 });
  if (!sandbox.window.__remixManifest) throw new Error("the manifest did not set window.__remixManifest");
  return sandbox.window.__remixManifest;
}

/**
 * Initial JS = the client entry and every route module in the chain, each with its static imports (what Remix emits as
 * modulepreload links), deduplicated because shared chunks are fetched once.
 */
export function initialJs(routes: RouteChain[], clientDir = "build/client"): (RouteJs | RouteSkipped)[] {
  const manifest = loadManifest(clientDir);
  const packs = JSON.parse(readFileSync(join(clientDir, "..", "message-packs.json"), "utf8")) as MessagePacks;
  // Each language's catalogue as the Worker reads it, once for every page.
  const catalogues = Object.fromEntries(
    SHIPPED_LANGUAGES.map((language) => [language, JSON.parse(readFileSync(join(clientDir, cataloguePath(language)), "utf8"))]),
  ) as Record<string, Record<string, Said>>;
  const browserIds = browserIdsOf(catalogues[SOURCE_LANGUAGE]!);
  return routes.map(({ label, chain }) => {
    const missing = chain.filter((id) => !manifest.routes[id]);
    if (missing.length > 0) {
      const known = Object.keys(manifest.routes).join(", ");
      return { label, chain, skipped: `${missing.map((id) => `"${id}"`).join(", ")} not in the Remix manifest (known: ${known})` };
    }
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of chain) {
      const route = manifest.routes[id]!;
      for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
    }
    const sizeOf = (urls: Iterable<string>) => [...urls].reduce((sum, url) => sum + gzipBytes(readFileSync(join(clientDir, url))), 0);
    const messages = Object.fromEntries(
      SHIPPED_LANGUAGES.map((language) => {
        const page = pageMessagesOf(packs, manifest, chain, language, catalogues[language]!, browserIds);
        return [language, { count: Object.keys(page.messages).length, gzipBytes: gzipBytes(Buffer.from(JSON.stringify(page))) }];
      }),
    );
    return { label, chain, files: [...files], gzipBytes: sizeOf(files), messages };
  });
}
