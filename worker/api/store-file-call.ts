import { message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { devToolsOn } from "../dev-tools";
import type { Env } from "../env";
import { ApiError, verbatim } from "../http/errors";
import { DatabaseUnavailableError, UnknownDatabaseError } from "../placement/store-databases";
import { isStoreMoving } from "../placement/store-moving";
import {
  formatPath,
  type ImportOptions,
  type ImportSummary,
  importStore,
  StoreExistsError,
  StoreImportError,
} from "../store-import/import-store";

/**
 * What the store-file calls share (decision 040): reading the file, importing it with the importer's own checks and
 * messages, and the answer. Their body limit is the body-limit middleware's (worker/http/body-limits.ts).
 */

/** The request's body as JSON; a body that is none is 400, naming the parser's complaint. */
export async function readStoreFile(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch (error) {
    throw new ApiError(400, "bad_request", message("errors.store_file_not_json", { detail: (error as Error).message }));
  }
}

export const importAnswer = z.object({
  database: z.string().check(z.describe("the store database that holds the store (decision 061)")),
  store_id: z.number().check(z.int(), z.describe("the store's id")),
  slug: z.string(),
  hostnames: z.array(z.string()),
  products: z.number().check(z.int(), z.describe("products in the store now")),
  demo_customers: z
    .number()
    .check(z.int(), z.describe("demo customers created or reset: 0 unless the Worker runs with DEV_TOOLS=1 (decision 060)")),
  warnings: z.array(z.string()).check(z.describe("accepted, but worth the owner's attention (colours the pages had to adjust)")),
});
export type ImportAnswer = z.infer<typeof importAnswer>;

/** Said when a deployed Worker leaves a file's demo customers and demo staff out (decisions 060, 083). */
export const DEMO_CUSTOMERS_SKIPPED =
  "demo_customers, demo_staff: not created: a store made or replaced through the API has no demo accounts (they are for the local demo)";

/**
 * Imports `input` as the CLI does; a refused file is 422 `invalid_store_file` with the CLI's messages, a slug taken
 * when creating is 409, and a failure of the batch (which changed nothing) is 503. An owner's or the platform's key
 * never writes an account (decision 060): the file's demo customers are made only where the dev flag is on.
 */
export async function importThroughApi(env: Env, input: unknown, options: ImportOptions): Promise<ImportAnswer> {
  let summary: ImportSummary;
  const pepper = devToolsOn(env) ? env.PASSWORD_PEPPER : undefined;
  try {
    summary = await importStore(env, input, { pepper, ...options });
  } catch (error) {
    if (error instanceof StoreImportError) {
      const issues = error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
      throw new ApiError(422, "invalid_store_file", verbatim(error.message), issues);
    }
    if (error instanceof StoreExistsError) throw new ApiError(409, "store_exists", verbatim(error.message));
    if (error instanceof UnknownDatabaseError) {
      throw new ApiError(422, "unknown_database", verbatim(error.message), [{ path: "database", message: error.message }]);
    }
    if (error instanceof DatabaseUnavailableError)
      throw new ApiError(503, "store_unavailable", verbatim(error.message), undefined, { "Retry-After": "30" });
    if (isStoreMoving(error)) throw error;
    console.error("store import failed", error);
    throw new ApiError(503, "import_failed", message("errors.import_failed"), undefined, {
      "Retry-After": "5",
    });
  }
  return {
    store_id: summary.tenantId,
    database: summary.database,
    slug: summary.slug,
    hostnames: summary.hostnames,
    products: summary.products,
    demo_customers: summary.demoCustomers,
    warnings: summary.demoCustomersSkipped > 0 ? [...summary.warnings, DEMO_CUSTOMERS_SKIPPED] : summary.warnings,
  };
}
