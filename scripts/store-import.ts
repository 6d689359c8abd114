/**
 * npm run store:import -- <file.json> [more.json …] [--persist-to <dir>]
 *
 * Creates or replaces stores in the local D1 database (the one `wrangler dev` uses, or the one under
 * --persist-to) through wrangler's platform proxy, so the import runs against the real local engines.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { Env } from "../worker/env";
import { importStore, StoreImportError } from "../worker/store-import/import-store";
import { devVar } from "./dev-vars";

function parseArgs(argv: string[]): { files: string[]; persistTo?: string } {
  const files: string[] = [];
  let persistTo: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--persist-to") persistTo = argv[++i];
    else files.push(argv[i]!);
  }
  return { files, persistTo };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new StoreImportError([{ path: [], message: `${file} is not readable JSON: ${(error as Error).message}` }]);
  }
}

async function main() {
  const { files, persistTo } = parseArgs(process.argv.slice(2));
  if (files.length === 0) {
    console.error("Usage: npm run store:import -- <file.json> [more.json …] [--persist-to <dir>]");
    process.exit(2);
  }
  // Same meaning as wrangler's --persist-to: wrangler keeps its state in <dir>/v3, the proxy wants that folder.
  const proxy = await getPlatformProxy<Env>({ persist: persistTo ? { path: join(persistTo, "v3") } : true });
  // The demo customers' passwords must verify in the Worker: hash them with its pepper.
  const pepper = devVar("PASSWORD_PEPPER");
  if (!pepper) console.warn("No PASSWORD_PEPPER in the environment, .dev.vars or .dev.vars.example: demo customers are skipped.");
  let failed = false;
  try {
    for (const file of files) {
      try {
        const started = performance.now();
        const summary = await importStore(proxy.env.DB, proxy.env.KV, readJson(file), { pepper });
        const ms = Math.round(performance.now() - started);
        console.log(
          `Imported "${summary.slug}" (${summary.products} products, ${summary.demoCustomers} demo customers) for ${summary.hostnames.join(", ")} from ${file} in ${ms} ms`,
        );
        for (const warning of summary.warnings) console.warn(`${file}: warning: ${warning}`);
      } catch (error) {
        failed = true;
        if (error instanceof StoreImportError) console.error(`${file}: ${error.message}`);
        else console.error(`${file}: the import failed and nothing was changed: ${(error as Error).message}`);
      }
    }
  } finally {
    await proxy.dispose();
  }
  process.exit(failed ? 1 : 0);
}

main();
