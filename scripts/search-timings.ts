/**
 * tsx scripts/search-timings.ts --persist-to DIR [--iterations 20] [--batch 10] [--q "rustic oak" --q …]
 *
 * Times the product search SQL directly on local D1 (wrangler's platform proxy, the same engine `wrangler dev` runs), in
 * the bench stores bench-1k and bench-100k: the search as the API runs it, and the bm25-ranked queries it replaced, for
 * comparison (docs/decisions/007-search-ranking.md). DIR is a `--persist-to` state holding both stores; when it has none
 * yet, the script makes one as the bench does (migrations, the demo stores and the two generated stores, about 30 s).
 *
 * Each query set runs `batch` times in one D1 batch, `iterations` times over, so the proxy's round trip is shared. The
 * figure to compare is the CPU of workerd per query set (utime + stime from /proc, in 10 ms ticks, so it needs a few
 * hundred runs); wall time under load mostly measures the machine. Run it on a quiet machine.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { DEFAULT_BRANCH_ID } from "../commerce/branch-choice";
import { productCardColumns } from "../worker/catalog/product-card";
import { searchQueries, searchSteps } from "../worker/catalog/search-products";
import { step as batchStep, type NamedSteps, namedBatch } from "../worker/db/batch";
import type { Env } from "../worker/env";
import { CLK_TCK, treeCpuTicks } from "./bench/proc";
import { step } from "./bench/server";
import { ensureGeneratedStores } from "./bench/stores";
import { BENCH_SEARCH } from "./generate-store";

function parseArgs(argv: string[]) {
  const options = { persistTo: "", iterations: 20, batch: 10, queries: [] as string[] };
  for (let i = 0; i < argv.length; i += 2) {
    const value = argv[i + 1] ?? "";
    switch (argv[i]) {
      case "--persist-to":
        options.persistTo = value;
        break;
      case "--iterations":
        options.iterations = Number(value);
        break;
      case "--batch":
        options.batch = Number(value);
        break;
      case "--q":
        options.queries.push(value);
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!options.persistTo)
    throw new Error("Usage: tsx scripts/search-timings.ts --persist-to DIR [--iterations N] [--batch N] [--q TEXT …]");
  if (options.queries.length === 0) options.queries = [BENCH_SEARCH, "oak", "cabins", "rustic cabins"];
  return options;
}

const STORES = [
  { slug: "bench-1k", host: "bench-1k.localhost", products: 1_000 },
  { slug: "bench-100k", host: "bench-100k.localhost", products: 100_000 },
];

function prepareState(dir: string): void {
  const files = ensureGeneratedStores(STORES);
  const bin = (name: string) => join("node_modules", ".bin", name);
  step("apply D1 migrations", bin("tsx"), ["scripts/migrate.ts", "--persist-to", dir]);
  // All in DB, which the timings read.
  step("import stores", bin("tsx"), [
    "scripts/store-import.ts",
    "stores/food.json",
    "stores/retail.json",
    ...files,
    "--persist-to",
    dir,
    "--database",
    "DB",
  ]);
}

type Variant = (db: D1Database, tenantId: number, text: string) => NamedSteps;
const PAGING = { page: 1, perPage: 12 };

/** The search before decision 007, and the cheapest way to keep its bm25 order (rank inside FTS5, join the page only). */
const VARIANTS: Record<string, Variant> = {
  "tiers, capped count (now)": (db, t, text) => searchSteps(db, t, DEFAULT_BRANCH_ID, searchQueries(t, text)!, PAGING).steps,
  "  page query only": (db, t, text) => ({ page: searchSteps(db, t, DEFAULT_BRANCH_ID, searchQueries(t, text)!, PAGING).steps.page }),
  "  capped count only": (db, t, text) => ({ total: searchSteps(db, t, DEFAULT_BRANCH_ID, searchQueries(t, text)!, PAGING).steps.total }),
  "bm25 join + full count (before)": (db, t, text) => {
    const all = searchQueries(t, text)!.all;
    return {
      page: batchStep(
        db
          .prepare(
            `SELECT ${productCardColumns(null)} FROM products_search s JOIN products p ON p.rowid = s.rowid AND p.tenant_id = ?1
             WHERE products_search MATCH ?2 ORDER BY bm25(products_search, 0.0, 10.0, 1.0), p.position, p.id LIMIT 12 OFFSET 0`,
          )
          .bind(t, all),
      ),
      total: batchStep(db.prepare("SELECT COUNT(*) AS total FROM products_search WHERE products_search MATCH ?1").bind(all)),
    };
  },
  "bm25 in FTS5, page join + capped count": (db, t, text) => {
    const { all } = searchQueries(t, text)!;
    return {
      page: batchStep(
        db
          .prepare(
            `SELECT ${productCardColumns(null)}
             FROM (SELECT rowid AS rid, rank FROM products_search
                   WHERE products_search MATCH ?1 AND rank MATCH 'bm25(0.0, 10.0, 1.0)' ORDER BY rank, rowid LIMIT 12 OFFSET 0) hit
             CROSS JOIN products p ON p.rowid = hit.rid AND p.tenant_id = ?2 ORDER BY hit.rank, hit.rid`,
          )
          .bind(all, t),
      ),
      total: searchSteps(db, t, DEFAULT_BRANCH_ID, searchQueries(t, text)!, PAGING).steps.total,
    };
  },
  "(round trip: SELECT 1)": (db) => ({ one: batchStep(db.prepare("SELECT 1")) }),
};

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(join(options.persistTo, "v3", "d1"))) prepareState(options.persistTo);
  const proxy = await getPlatformProxy<Env>({ persist: { path: join(options.persistTo, "v3") } });
  try {
    const db = proxy.env.DB;
    const tenants = await db
      .prepare("SELECT id, slug FROM tenants WHERE slug IN ('bench-1k', 'bench-100k')")
      .all<{ id: number; slug: string }>();
    const id = (slug: string) => tenants.results.find((t) => t.slug === slug)?.id ?? Number.NaN;
    const [small, large] = [id("bench-1k"), id("bench-100k")];
    if (Number.isNaN(small) || Number.isNaN(large)) throw new Error(`${options.persistTo} does not hold both bench stores`);

    const time = async (querySet: () => NamedSteps) => {
      const run = () => namedBatch(db, { runs: Array.from({ length: options.batch }, querySet) });
      for (let i = 0; i < 3; i++) await run();
      const walls: number[] = [];
      const before = treeCpuTicks(process.pid).workerd;
      for (let i = 0; i < options.iterations; i++) {
        const started = performance.now();
        await run();
        walls.push((performance.now() - started) / options.batch);
      }
      const ticks = treeCpuTicks(process.pid).workerd - before;
      walls.sort((a, b) => a - b);
      return { cpu: (ticks * 1000) / CLK_TCK / (options.iterations * options.batch), wall: walls[Math.floor(walls.length / 2)]! };
    };

    console.log(`workerd CPU ms per query set (wall p50 ms), ${options.iterations} × ${options.batch} runs each\n`);
    console.log(["query", "variant", "1k CPU", "100k CPU", "CPU ×", "1k wall", "100k wall"].join("\t"));
    for (const text of options.queries) {
      for (const [name, variant] of Object.entries(VARIANTS)) {
        if (name.startsWith("(") && text !== options.queries[0]) continue;
        const a = await time(() => variant(db, small, text));
        const b = await time(() => variant(db, large, text));
        console.log(
          [text, name, a.cpu.toFixed(2), b.cpu.toFixed(2), `×${(b.cpu / a.cpu).toFixed(2)}`, a.wall.toFixed(2), b.wall.toFixed(2)].join(
            "\t",
          ),
        );
      }
    }
  } finally {
    await proxy.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
