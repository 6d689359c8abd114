import { issueInEnglish } from "../../commerce/i18n/issue-message";
import { namedBatch, step } from "../db/batch";
import { hostsTakenElsewhere, setHostsSteps, storeBySlug } from "../placement/directory";
import { chooseDatabase } from "../placement/place-store";
import { storeDatabase } from "../placement/store-databases";
import { hostCacheKey } from "../tenancy/resolve-tenant";
import { appliedFileStatements } from "./applied-file";
import { checkReferences, type ImportIssue } from "./check-references";
import { colourWarnings } from "./colour-warnings";
import { checkDemoCustomers, planDemoCustomers } from "./demo-customers";
import { checkDemoStaff, planDemoStaff } from "./demo-staff";
import { planImport } from "./import-plan";
import type { Statement } from "./plan/rows";
import { storeFileSchema } from "./store-file-schema";

export class StoreImportError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super(`The store file was not imported:\n${issues.map((issue) => `  - ${formatIssue(issue)}`).join("\n")}`);
    this.name = "StoreImportError";
  }
}

/** "products[3].combinations[0].price: must be …", so the owner can find the field in the file. */
export function formatIssue(issue: ImportIssue): string {
  const path = formatPath(issue.path);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** "products[3].combinations[0].price" */
export function formatPath(path: ImportIssue["path"]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

/** A store to be created has a slug (or, in a race, an id) another store already has. */
export class StoreExistsError extends Error {
  constructor(readonly slug: string) {
    super(`A store with the slug "${slug}" already exists.`);
    this.name = "StoreExistsError";
  }
}

export interface ImportSummary {
  tenantId: number;
  /** The store database that holds the store (decision 061). */
  database: string;
  slug: string;
  hostnames: string[];
  products: number;
  /** Statements of the import's one batch. */
  statements: number;
  /** Demo customers created or reset; 0 when the import had no pepper to hash their passwords with. */
  demoCustomers: number;
  /** The file's demo customers left as they are for want of a pepper (options.pepper). */
  demoCustomersSkipped: number;
  /** Accepted, but worth the owner's attention (colours the storefront had to adjust to stay readable). */
  warnings: string[];
}

export interface ImportOptions {
  /**
   * The Worker's PASSWORD_PEPPER, to hash the demo customers' passwords with so they can sign in. Without it the
   * file's demo customers are left as they are (neither created nor reset).
   */
  pepper?: string;
  /**
   * Only create: refuse a store whose slug exists. The batch then starts with a plain INSERT of the store's row, so two
   * creations that race for the same new id cannot both apply (the loser's batch fails whole).
   */
  create?: boolean;
  /** Only replace the store with this slug (the one an API key opens): another slug in the file is refused. */
  slug?: string;
  /** More rows of the new store written in the import's own batch (the first API key of a store made through the API). */
  alsoWrite?: (tenantId: number) => Statement[];
  /** Where a new store goes: this configured database; unset, the one with the fewest stores (decision 061). */
  database?: string;
  /** The store's database as the request already reads it (metered, in its session), when the request is the store's. */
  storeDb?: D1Database;
}

/** What an import reaches: the directory, the store databases (by their bindings) and the hostname cache. */
export type ImportPlaces = { DIRECTORY: D1Database; KV: KVNamespace; STORE_DATABASES?: string };

/**
 * Creates or replaces one store from an import file. Everything is validated first; the writes then run
 * as one D1 batch (a single transaction), so a refused or failed import leaves the database as it was.
 */
export async function importStore(places: ImportPlaces, input: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  const parsed = storeFileSchema.safeParse(input);
  if (!parsed.success) {
    throw new StoreImportError(
      parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message: issueInEnglish(i) })),
    );
  }
  const store = parsed.data;
  if (options.slug !== undefined && store.slug !== options.slug) {
    throw new StoreImportError([{ path: ["slug"], message: `must be this store's slug "${options.slug}"` }]);
  }
  const referenceIssues = checkReferences(store);
  if (referenceIssues.length > 0) throw new StoreImportError(referenceIssues);

  const directory = places.DIRECTORY;
  const existing = await storeBySlug(directory, store.slug);
  if (existing && options.create) throw new StoreExistsError(store.slug);
  // A new store's id is the directory's, so it is unique across every store database.
  const tenantId =
    existing?.id ?? (await directory.prepare("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM stores").first<{ id: number }>())?.id ?? 1;
  const database = existing?.database ?? (await chooseDatabase(places, options.database));
  const db = options.storeDb ?? storeDatabase(places, database);
  const kv = places.KV;

  const taken = await hostsTakenElsewhere(directory, tenantId, store.hostnames);
  if (taken.length > 0) {
    throw new StoreImportError(
      taken.map((row) => ({
        path: ["hostnames", store.hostnames.indexOf(row.hostname)],
        message: `${row.hostname} already belongs to the store "${row.slug}"`,
      })),
    );
  }

  const { statements, issues } = planImport(store, tenantId);
  if (issues.length > 0) throw new StoreImportError(issues);
  const accountIssues = options.pepper
    ? [...(await checkDemoCustomers(db, store, tenantId)), ...(await checkDemoStaff(db, store, tenantId))]
    : [];
  if (accountIssues.length > 0) throw new StoreImportError(accountIssues);
  const demoAccounts = options.pepper
    ? [...(await planDemoCustomers(store, tenantId, options.pepper)), ...(await planDemoStaff(store, tenantId, options.pepper))]
    : [];

  const previousHosts = await db
    .prepare("SELECT hostname FROM tenant_hosts WHERE tenant_id = ?1")
    .bind(tenantId)
    .all<{ hostname: string }>();
  const guard = options.create ? [{ sql: "INSERT INTO tenants (id, slug) VALUES (?1, ?2)", params: [tenantId, store.slug] }] : [];
  const writes = [
    ...guard,
    ...statements,
    ...demoAccounts,
    ...appliedFileStatements(tenantId, input),
    ...(options.alsoWrite?.(tenantId) ?? []),
  ];
  // A new store is entered in the directory first, so a slug or id another creation took meanwhile stops it before
  // its rows are written; if its rows then fail, the entry is taken back.
  if (!existing) await enterInDirectory(directory, tenantId, store.slug, database, store.hostnames);
  try {
    await namedBatch(db, { writes: writes.map((s) => step(db.prepare(s.sql).bind(...s.params))) });
    if (existing) {
      const hosts = setHostsSteps(directory, tenantId, store.hostnames);
      await namedBatch(directory, { hosts });
    }
  } catch (error) {
    if (!existing) await directory.prepare("DELETE FROM stores WHERE id = ?1").bind(tenantId).run();
    // A slug taken meanwhile is the caller's to change; a new id taken meanwhile (another creation) is worth a retry.
    if (options.create && /UNIQUE constraint failed: tenants\.slug/.test(String(error))) throw new StoreExistsError(store.slug);
    // An account registered with a demo customer's email or phone since the check: the file's to change, not a retry's.
    if (/constraint failed: (customers\.|addresses\.customer_id)/.test(String(error))) {
      throw new StoreImportError([{ path: ["demo_customers"], message: "an email or phone is now a shopper's account in this store" }]);
    }
    throw error;
  }

  // The hostname cache holds the cache markers; dropping it makes the next request see the new versions.
  const hosts = new Set([...previousHosts.results.map((r) => r.hostname), ...store.hostnames]);
  await Promise.all([...hosts].map((host) => kv.delete(hostCacheKey(host))));

  return {
    tenantId,
    database,
    slug: store.slug,
    hostnames: store.hostnames,
    products: store.products.length,
    statements: writes.length,
    demoCustomers: options.pepper ? store.demo_customers.length : 0,
    demoCustomersSkipped: options.pepper ? 0 : store.demo_customers.length + store.demo_staff.length,
    warnings: colourWarnings(store.settings),
  };
}

async function enterInDirectory(directory: D1Database, id: number, slug: string, database: string, hostnames: string[]): Promise<void> {
  try {
    await namedBatch(directory, {
      store: step(
        directory
          .prepare("INSERT INTO stores (id, slug, database, created_at) VALUES (?1, ?2, ?3, ?4)")
          .bind(id, slug, database, Date.now()),
      ),
      hosts: setHostsSteps(directory, id, hostnames),
    });
  } catch (error) {
    // A slug taken meanwhile is the caller's to change; a new id taken meanwhile (another creation) is worth a retry.
    if (/UNIQUE constraint failed: stores\.slug/.test(String(error))) throw new StoreExistsError(slug);
    throw error;
  }
}
