import * as z from "../../commerce/zod";
import { storeCounts } from "./directory";
import { STORE_SCHEMA_VERSION } from "./schema-version";
import { storeDatabase, storeDatabases } from "./store-databases";

export const databaseReportAnswer = z.object({
  schema_version: z.string().check(z.describe("the newest store migration this Worker's code needs")),
  directory: z.object({ schema_version: z.string() }),
  databases: z.array(
    z.object({
      name: z.string().check(z.describe("the binding, as create and move calls name it")),
      location: z.string().check(z.describe("the location hint it was created with")),
      new_stores: z.boolean().check(z.describe("whether a store created without naming a database may be placed here")),
      stores: z.number().check(z.int(), z.describe("stores the directory places here")),
      schema_version: z.string().check(z.describe("its newest applied migration; `unavailable` when this deployment does not bind it")),
    }),
  ),
});
export type DatabaseReport = z.infer<typeof databaseReportAnswer>;

async function versionOf(db: D1Database): Promise<string> {
  const row = await db
    .prepare("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1")
    .first<{ name: string }>()
    .catch(() => null);
  return row?.name ?? "(none)";
}

/** Each store database's place, stores and schema version, and the directory's: the platform's view (decision 061). */
export async function databaseReport(env: { DIRECTORY: D1Database; STORE_DATABASES?: string }): Promise<DatabaseReport> {
  const counts = await storeCounts(env.DIRECTORY);
  const databases = await Promise.all(
    storeDatabases(env).map(async (database) => {
      let schema_version = "unavailable";
      try {
        schema_version = await versionOf(storeDatabase(env, database.name));
      } catch {}
      return {
        name: database.name,
        location: database.location,
        new_stores: database.newStores,
        stores: counts.get(database.name) ?? 0,
        schema_version,
      };
    }),
  );
  return { schema_version: STORE_SCHEMA_VERSION, directory: { schema_version: await versionOf(env.DIRECTORY) }, databases };
}
