import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { MAX_ID } from "../../commerce/ids";
import { ID_RANGE, MAX_STORE_DATABASES } from "../../worker/placement/id-ranges";
import { STORE_SCHEMA_VERSION } from "../../worker/placement/schema-version";
import { configuredDatabase, storeDatabases, UnknownDatabaseError } from "../../worker/placement/store-databases";

const config = unstable_readConfig({ config: "wrangler.toml" });
const vars = config.vars as Record<string, string>;
const d1 = config.d1_databases as { binding: string; database_id?: string; migrations_dir?: string }[];

describe("the store databases of wrangler.toml (decision 061)", () => {
  it("are each bound, with a migrations folder, and the directory beside them", () => {
    const bound = new Map(d1.map((database) => [database.binding, database]));
    const listed = storeDatabases(vars);
    expect(listed.map((database) => database.name)).toEqual(["DB", "DB_2"]);
    for (const { name } of listed) expect(bound.get(name)?.migrations_dir).toBe("migrations");
    expect(bound.get("DIRECTORY")?.migrations_dir).toBe("migrations-directory");
    // Every bound database has its own database_id: two bindings of one database would share its rows.
    expect(new Set(d1.map((database) => database.database_id)).size).toBe(d1.length);
  });

  it("expects the newest migration the code was written for", () => {
    const newest = readdirSync("migrations")
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .at(-1);
    expect(STORE_SCHEMA_VERSION).toBe(newest);
  });

  it("gives each database its own id range, in list order, within the 32-bit record ids every layer accepts", () => {
    const listed = storeDatabases(vars);
    expect(listed.map((database) => database.position)).toEqual([0, 1]);
    expect(MAX_STORE_DATABASES).toBe(32);
    expect(MAX_STORE_DATABASES * ID_RANGE - 1).toBe(MAX_ID);
    const many = Array.from({ length: 33 }, (_, i) => ({ binding: `DB_${i}`, location: "apac", new_stores: true }));
    expect(() => storeDatabases({ STORE_DATABASES: JSON.stringify(many) })).toThrow(/STORE_DATABASES/);
  });

  it("refuses a name that is not listed, and a malformed list", () => {
    expect(() => configuredDatabase(vars, "DB_9")).toThrow(UnknownDatabaseError);
    expect(() => storeDatabases({ STORE_DATABASES: '[{"binding":"db"}]' })).toThrow(/STORE_DATABASES/);
    expect(() => storeDatabases({ STORE_DATABASES: "not json" })).toThrow(/STORE_DATABASES/);
  });
});
