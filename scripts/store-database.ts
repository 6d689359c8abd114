import { execFileSync } from "node:child_process";

/**
 * The binding of the store database that holds the store `slug`, as the directory says (decision 061), through
 * `wrangler d1 execute` with `where` (`--local [--persist-to …]` or `--remote`); null for a store the directory lacks.
 */
export function storeDatabaseOf(slug: string, where: string[]): string | null {
  const sql = `SELECT database FROM stores WHERE slug = '${slug.replaceAll("'", "''")}'`;
  const output = execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DIRECTORY", ...where, "--json", "--command", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return (JSON.parse(output) as { results: { database: string }[] }[])[0]?.results[0]?.database ?? null;
}
