import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Runs SQL in one D1 database through `wrangler d1 execute … --json` with `where` (`--local [--persist-to …]` or
 * `--remote`), and gives each statement's rows. wrangler prints that JSON through its logger, which a quieter
 * WRANGLER_LOG in the caller's environment (the benchmark starts `npm start` with `warn`) would swallow, so the call
 * sets its own level.
 */
export function d1Execute<Row = Record<string, unknown>>(database: string, where: string[], sql: string): Row[][] {
  const output = execFileSync(join("node_modules", ".bin", "wrangler"), ["d1", "execute", database, ...where, "--json", "--command", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, WRANGLER_LOG: "log" },
  });
  return (JSON.parse(output) as { results: Row[] }[]).map((statement) => statement.results);
}
