import { applyD1Migrations, env } from "cloudflare:test";
import food from "../../stores/food.json";
import newStore from "../../stores/new.json";
import retail from "../../stores/retail.json";
import { cataloguesReady } from "../../worker/i18n/catalogues";
import { idRangeSql } from "../../worker/placement/id-ranges";
import { importStore } from "../../worker/store-import/import-store";

// Every test file starts from the migrated directory and store databases (DB_2 giving out ids from its own range, as
// the migrate command leaves it) and the three demo stores in DB, loaded by the real importer. Tests of stores in
// other databases place them there themselves (placement.test.ts).
// The catalogues from the Worker's static assets (build/client), as its first request reads them (decision 081): tests
// that call its modules directly, not through a request, read messages too.
await cataloguesReady(env);
await applyD1Migrations(env.DIRECTORY, env.TEST_DIRECTORY_MIGRATIONS);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.DB_2, env.TEST_MIGRATIONS);
for (const sql of idRangeSql(1)) await env.DB_2.prepare(sql).run();
for (const store of [food, retail, newStore]) await importStore(env, store, { pepper: env.PASSWORD_PEPPER, database: "DB" });
