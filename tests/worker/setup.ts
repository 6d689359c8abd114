import { applyD1Migrations, env } from "cloudflare:test";
import food from "../../stores/food.json";
import newStore from "../../stores/new.json";
import retail from "../../stores/retail.json";
import { importStore } from "../../worker/store-import/import-store";

// Every test file starts from the migrated schema and the three demo stores, loaded by the real importer.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (const store of [food, retail, newStore]) await importStore(env.DB, env.KV, store, { pepper: env.PASSWORD_PEPPER });
