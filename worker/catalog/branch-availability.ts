import { step } from "../db/batch";
import { placeholders } from "../db/sql";

/**
 * Which products a branch sells (migrations/0020_branch_availability.sql): every product, less the rows of
 * branch_unavailable_products for that branch. Lists, search, home blocks, recommendations, the product page and the
 * cart all ask here, so "sold at this branch" means one thing everywhere.
 */

/**
 * SQL that is true while the product row `alias` is sold at the branch the caller binds at `branchParam` (its numbered
 * placeholder, decision 003). One primary-key lookup per product row.
 */
export function soldAtBranch(branchParam: string, alias = "p"): string {
  return `NOT EXISTS (SELECT 1 FROM branch_unavailable_products u
    WHERE u.tenant_id = ${alias}.tenant_id AND u.product_id = ${alias}.id AND u.branch_id = ${branchParam})`;
}

/**
 * SQL yielding the row ids of the products the branch does not sell (tenant and branch at the given placeholders), for
 * `rowid NOT IN (…)` on products_search: search leaves them out before it pages, walking the by-branch index once.
 */
export function unsoldRowids(tenantParam: string, branchParam: string): string {
  return `SELECT p.rowid FROM branch_unavailable_products u JOIN products p ON p.tenant_id = u.tenant_id AND p.id = u.product_id
    WHERE u.tenant_id = ${tenantParam} AND u.branch_id = ${branchParam}`;
}

/** Whether the branch sells the product, as one statement for a caller's batch; read its result with `soldFrom`. */
export function soldAtBranchStep(db: D1Database, tenantId: number, branchId: number, productId: number) {
  const at = placeholders("tenant", "product", "branch");
  const statement = db
    .prepare(
      `SELECT NOT EXISTS (SELECT 1 FROM branch_unavailable_products
       WHERE tenant_id = ${at.tenant} AND product_id = ${at.product} AND branch_id = ${at.branch}) AS sold`,
    )
    .bind(tenantId, productId, branchId);
  return step<{ sold: number }>(statement);
}

/** The answer of `soldAtBranchStep`. */
export function soldFrom(result: D1Result<{ sold: number }>): boolean {
  return result.results[0]?.sold === 1;
}
