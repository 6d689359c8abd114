import { MAX_CART_LINES, MAX_LINE_QUANTITY, QUANTITY_MESSAGE } from "../../commerce/cart-limits";
import { type Message, message, say } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { isId } from "../../commerce/ids";
import { SOURCE_LANGUAGE } from "../../commerce/languages";
import { checkSelection, type Selection } from "../../commerce/product-options";
import { stockShortfall } from "../../commerce/stock";
import { soldAtBranch, soldAtBranchStep, soldFrom } from "../catalog/branch-availability";
import { assembleOptions, optionSteps } from "../catalog/product-options-loader";
import { stockLeftAt } from "../catalog/stock";
import { type NamedSteps, NO_STEPS, namedBatch, type Ran, step } from "../db/batch";
import { placeholders } from "../db/sql";
import { isOwner } from "../shopper/owner";
import { canonicalSelection, selectionKey } from "./selection-key";

/**
 * Cart storage: the lines of one shopper's cart in one store and branch. Every write is one D1 batch (a
 * transaction) whose statements decide in SQL, so concurrent requests merge instead of racing: two adds of the
 * same line meet in one `INSERT … ON CONFLICT DO UPDATE`, and a line is only ever touched through its owner's cart.
 * Prices are integer minor units. Pricing the cart is `commerce/`'s job; this module only stores what was chosen.
 */

/** Whose cart: a store, a branch and an owner (`guest:<id>` now, `customer:<id>` once accounts exist). */
export interface CartScope {
  tenantId: number;
  branchId: number;
  owner: string;
}

export interface AddItemPayload {
  product_id: number;
  quantity: number;
  selection: Selection;
}

export interface CartLine {
  id: number;
  product_id: number;
  quantity: number;
  /** Canonical: ids sorted, empty add-on groups dropped. */
  selection: Selection;
  selection_key: string;
  variant_id: number | null;
  /** The unit price (minor units) the shopper saw when the line was last added to; compare with today's price. */
  unit_price_at_add: number;
  created_at: number;
  updated_at: number;
}

/**
 * Statements a caller runs after a change, in the change's own batch: one transaction, so they see the change, and
 * no second round trip (the API reads its cart answer this way). Their results come back in `Changed.reads`. When
 * the change is refused they are rolled back or discarded with it.
 */
export type Reads = NamedSteps;

export interface Changed<T, R extends Reads = typeof NO_STEPS> {
  value: T;
  /** The results of the `reads`, under their names. */
  reads: Ran<R>;
}

export { MAX_CART_LINES, MAX_LINE_QUANTITY };

export type CartErrorCode =
  | "invalid_quantity"
  | "quantity_limit"
  | "line_limit"
  | "product_not_found"
  | "product_unavailable"
  | "out_of_stock"
  | "invalid_options"
  | "branch_not_found"
  | "item_not_found"
  | "invalid_coupon"
  | "invalid_location"
  | "pickup_unavailable";

/** A refused cart change; `message` is for the shopper (the API answers it with `status`). Nothing was written. */
export class CartError extends Error {
  readonly status: 404 | 409 | 422;
  constructor(
    readonly code: CartErrorCode,
    readonly text: Message,
  ) {
    // Its English, for logs; the answer puts `text` into the caller's language.
    super(say(translatorOf(SOURCE_LANGUAGE), text));
    this.name = "CartError";
    // The product exists but this branch does not sell it, or has too few left: a conflict with the branch, not bad input.
    this.status = code === "item_not_found" ? 404 : code === "product_unavailable" || code === "out_of_stock" ? 409 : 422;
  }
}

const MESSAGES = {
  invalid_quantity: message(QUANTITY_MESSAGE),
  quantity_limit: message("errors.quantity_limit", { max: MAX_LINE_QUANTITY }),
  line_limit: message("errors.line_limit", { max: MAX_CART_LINES }),
  product_not_found: message("errors.product_not_available"),
  product_unavailable: message("errors.item_not_at_branch"),
  branch_not_found: message("errors.branch_unavailable"),
  item_not_found: message("errors.item_not_in_cart"),
  invalid_coupon: message("errors.invalid_coupon"),
  invalid_location: message("errors.invalid_location"),
  pickup_unavailable: message("errors.pickup_unavailable"),
} as const;

interface LineRow {
  id: number;
  product_id: number;
  quantity: number;
  selection_json: string;
  selection_key: string;
  variant_id: number | null;
  unit_price_at_add: number;
  created_at: number;
  updated_at: number;
}

const LINE_COLUMNS = "id, product_id, quantity, selection_json, selection_key, variant_id, unit_price_at_add, created_at, updated_at";
/** Where a statement binds a cart's scope: the placeholders of its store, branch and owner. */
export type ScopeAt = Record<"tenant" | "branch" | "owner", string>;
/** The cart's statements bind the scope first: store ?1, branch ?2, owner ?3 (this module's, and its callers' beside them). */
export const SCOPE_FIRST: ScopeAt = placeholders("tenant", "branch", "owner");

/** The scope's cart id, inside a statement that binds the scope `at`. */
export function scopedCartId(at: ScopeAt): string {
  return `(SELECT id FROM carts WHERE tenant_id = ${at.tenant} AND branch_id = ${at.branch} AND owner = ${at.owner})`;
}

/** The product ids of the scope's cart lines, for `IN (…)`. */
export function cartProductIds(at: ScopeAt): string {
  return `SELECT product_id FROM cart_items WHERE cart_id = ${scopedCartId(at)}`;
}

const SCOPED_CART = scopedCartId(SCOPE_FIRST);

function toLine(row: LineRow): CartLine {
  const { selection_json, ...rest } = row;
  return { ...rest, selection: JSON.parse(selection_json) as Selection };
}

/**
 * The statement reading the cart's lines, for a caller's batch (pricing reads them with everything else in one round
 * trip); it binds the scope first (`SCOPE_FIRST`). Turn its result into lines with `cartLinesFrom`.
 */
export function cartLinesStep(db: D1Database, scope: CartScope) {
  checkScope(scope);
  return step<LineRow>(
    db
      .prepare(`SELECT ${LINE_COLUMNS} FROM cart_items WHERE cart_id = ${SCOPED_CART} AND tenant_id = ?1 ORDER BY id`)
      .bind(scope.tenantId, scope.branchId, scope.owner),
  );
}

export function cartLinesFrom(result: Pick<D1Result<LineRow>, "results">): CartLine[] {
  return result.results.map(toLine);
}

/** The cart's lines, oldest first; an owner without a cart has none. */
export async function getCartLines(db: D1Database, scope: CartScope): Promise<CartLine[]> {
  return cartLinesFrom(await cartLinesStep(db, scope).statement.all<LineRow>());
}

/**
 * Adds a quantity of a product with the chosen options. The same product with the same options grows its line
 * (concurrent adds included); other options make another line. A line never exceeds MAX_LINE_QUANTITY: an add that
 * would pass it is refused whole (quantity_limit), never clamped, so the shopper is told and the cart stays as it was.
 * Answers the line as it is after the add.
 */
export async function addItem<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  payload: AddItemPayload,
  reads: R = NO_STEPS as R,
): Promise<Changed<CartLine, R>> {
  checkScope(scope);
  checkQuantity(payload.quantity);
  const { product_id: productId, selection } = payload;
  if (!isId(productId)) throw refusal("product_not_found");
  if (!isSelection(selection)) throw new CartError("invalid_options", message("errors.option_not_available"));
  const wanted = { quantity: payload.quantity, exceptLineId: null };
  // A product added without options (most adds) is checked inside the write, so a success waits on one round trip;
  // chosen options are checked first, in JavaScript (commerce/product-options).
  const plain = Object.keys(selection.selectedAttributes).length + Object.keys(selection.selectedMultiAttributes).length === 0;
  const checked = plain ? PLAIN_CHOICE : await checkChoice(db, scope, productId, selection, wanted);
  const now = Date.now();
  // Parameters: the scope ?1–?3, the product ?4, the line's key ?5, options ?6, variant ?7, quantity ?8, unit price
  // ?9 (NULL: the product's price now), the time ?10, and the limits ?11 and ?12.
  const params = [scope.tenantId, scope.branchId, scope.owner, productId, checked.key, checked.json, checked.variantId];
  const line = [...params, payload.quantity, checked.unitPrice, now] as const;
  const valid = (cartId: string) => (plain ? `${PLAIN_ADDABLE} AND ${fitsStockOnAdd(cartId)}` : "1");
  const ran = await namedBatch(db, {
    // A refused plain add creates no cart either.
    cart: step(
      db
        .prepare(
          `INSERT INTO carts (tenant_id, branch_id, owner, created_at, updated_at) SELECT ?1, ?2, ?3, ?10, ?10
         WHERE EXISTS (SELECT 1 FROM products p WHERE p.tenant_id = ?1 AND p.id = ?4 AND ${valid(SCOPED_CART)})
         ON CONFLICT (tenant_id, branch_id, owner) DO NOTHING`,
        )
        .bind(...line),
    ),
    // The SELECT yields the cart's row only while the line exists or the cart has room for another; the upsert
    // merges into an existing line only while the sum stays within the limit. Either refusal returns no row.
    added: step<LineRow>(
      db
        .prepare(
          `INSERT INTO cart_items (tenant_id, cart_id, product_id, selection_key, selection_json, variant_id, quantity,
                                 unit_price_at_add, created_at, updated_at)
         SELECT ?1, c.id, ?4, ?5, ?6, ?7, ?8, coalesce(?9, p.selling_price), ?10, ?10
         FROM carts c JOIN products p ON p.tenant_id = ?1 AND p.id = ?4
         WHERE c.tenant_id = ?1 AND c.branch_id = ?2 AND c.owner = ?3 AND ${valid("c.id")}
           AND ((SELECT COUNT(*) FROM cart_items WHERE cart_id = c.id) < ?11
                OR EXISTS (SELECT 1 FROM cart_items WHERE cart_id = c.id AND product_id = ?4 AND selection_key = ?5))
         ON CONFLICT (cart_id, product_id, selection_key) DO UPDATE SET
           quantity = quantity + excluded.quantity,
           variant_id = excluded.variant_id,
           unit_price_at_add = excluded.unit_price_at_add,
           updated_at = excluded.updated_at
         WHERE quantity + excluded.quantity <= ?12
         RETURNING ${LINE_COLUMNS}`,
        )
        .bind(...line, MAX_CART_LINES, MAX_LINE_QUANTITY),
    ),
    // The cart was touched only if the line was just written (a refused add leaves everything as it was).
    touch: step(
      db
        .prepare(
          `UPDATE carts SET updated_at = ?4 WHERE id = ${SCOPED_CART} AND updated_at < ?4
         AND EXISTS (SELECT 1 FROM cart_items WHERE cart_id = carts.id AND product_id = ?5 AND selection_key = ?6 AND updated_at = ?4)`,
        )
        .bind(scope.tenantId, scope.branchId, scope.owner, now, productId, checked.key),
    ),
    reads,
  });
  const row = ran.added.results[0];
  if (row) return { value: toLine(row), reads: ran.reads };
  // Refused: say why, only now. A plain product's own checks first (gone, not sold here, too few left); then the
  // line exists → it would exceed the quantity limit; otherwise the cart is full.
  if (plain) await checkChoice(db, scope, productId, selection, wanted);
  const existing = await db
    .prepare(`SELECT 1 AS found FROM cart_items WHERE cart_id = ${SCOPED_CART} AND product_id = ?4 AND selection_key = ?5`)
    .bind(scope.tenantId, scope.branchId, scope.owner, productId, checked.key)
    .first();
  throw refusal(existing ? "quantity_limit" : "line_limit");
}

/** What a line without options stores; its unit price (NULL) is the product's price, read inside the write. */
const PLAIN_CHOICE = {
  key: "",
  json: JSON.stringify(canonicalSelection({ selectedAttributes: {}, selectedMultiAttributes: {} })),
  variantId: null,
  unitPrice: null,
} as const;

/**
 * Inside an add's write, of the product row `p` (?4) in the store ?1 at the branch ?2: the branch is the store's and
 * sells it, and it takes no options (nothing to choose, no variants, no add-on group needing a pick), so an add without
 * options is valid and costs its price (commerce/product-options' checkSelection of an empty selection).
 */
const PLAIN_ADDABLE = `EXISTS (SELECT 1 FROM branches WHERE tenant_id = ?1 AND id = ?2) AND ${soldAtBranch("?2")}
  AND NOT EXISTS (SELECT 1 FROM product_attributes WHERE tenant_id = ?1 AND product_id = ?4)
  AND NOT EXISTS (SELECT 1 FROM product_combinations WHERE tenant_id = ?1 AND product_id = ?4)
  AND NOT EXISTS (SELECT 1 FROM product_multi_attributes WHERE tenant_id = ?1 AND product_id = ?4 AND min_select > 0)`;

/**
 * Inside an add's write: the quantity added (?8) and every line of the product `p` already in the cart (`cartId`, SQL)
 * fit in what the branch ?2 has left of it, or the branch does not count it (checkStock's rule, decision 053).
 */
const fitsStockOnAdd = (cartId: string) => `coalesce(${stockLeftAt("?2")} >= ?8 + (SELECT coalesce(SUM(quantity), 0)
  FROM cart_items WHERE cart_id = ${cartId} AND product_id = p.id), 1)`;

/**
 * Sets a line's quantity and, when `selection` is given, its options. Quantity 0 is refused (invalid_quantity):
 * removing is `removeItem`, so a mistyped 0 never deletes a line. New options that equal another line's merge
 * the two (quantities add up, refused past the limit). A line of another owner, store or branch is item_not_found.
 * Answers the line as it is afterwards (the merged line when two merged).
 */
export async function updateItem<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  cartItemId: number,
  quantity: number,
  selection?: Selection,
  reads: R = NO_STEPS as R,
): Promise<Changed<CartLine, R>> {
  checkScope(scope);
  checkQuantity(quantity);
  if (selection === undefined) return setQuantity(db, scope, cartItemId, quantity, reads);
  const line = await findLine(db, scope, cartItemId);
  const wanted = { quantity, exceptLineId: line.id };
  const checked =
    selection === undefined
      ? await checkStockOnly(db, scope, line.product_id, wanted)
      : await checkChoice(db, scope, line.product_id, selection, wanted);
  const now = Date.now();
  const touchCart = step(
    db
      .prepare(`UPDATE carts SET updated_at = ?2 WHERE id = ?1 AND EXISTS (SELECT 1 FROM cart_items WHERE id = ?3 AND cart_id = ?1)`)
      .bind(line.cartId, now, line.id),
  );

  if (checked === null || checked.key === line.selection_key) {
    const ran = await namedBatch(db, {
      touchCart,
      updated: step<LineRow>(
        db
          .prepare(`UPDATE cart_items SET quantity = ?3, updated_at = ?4 WHERE id = ?1 AND cart_id = ?2 RETURNING ${LINE_COLUMNS}`)
          .bind(line.id, line.cartId, quantity, now),
      ),
      reads,
    });
    const row = ran.updated.results[0];
    if (!row) throw refusal("item_not_found");
    return { value: toLine(row), reads: ran.reads };
  }

  // New options: merge into the line that already has them, or change this line in place. The statements are
  // conditioned on this line still having its old options, so a concurrent change makes the update not found.
  const params = [line.id, line.cartId, line.product_id, line.selection_key, checked.key, quantity, checked.unitPrice, now] as const;
  const stillThere = "EXISTS (SELECT 1 FROM cart_items WHERE id = ?1 AND cart_id = ?2 AND selection_key = ?4)";
  const target = "cart_id = ?2 AND product_id = ?3 AND selection_key = ?5";
  const steps = {
    touchCart,
    merged: step<LineRow>(
      db
        .prepare(
          `UPDATE cart_items SET quantity = quantity + ?6, unit_price_at_add = ?7, updated_at = ?8
           WHERE ${target} AND ${stillThere} RETURNING ${LINE_COLUMNS}`,
        )
        .bind(...params),
    ),
    mergedAway: step(
      db
        .prepare(
          `DELETE FROM cart_items WHERE id = ?1 AND cart_id = ?2 AND selection_key = ?4 AND EXISTS (SELECT 1 FROM cart_items WHERE ${target})`,
        )
        .bind(...params.slice(0, 5)),
    ),
    changedInPlace: step<LineRow>(
      db
        .prepare(
          `UPDATE cart_items SET selection_key = ?5, selection_json = ?9, variant_id = ?10, quantity = ?6, unit_price_at_add = ?7, updated_at = ?8
           WHERE id = ?1 AND cart_id = ?2 AND selection_key = ?4 RETURNING ${LINE_COLUMNS}`,
        )
        .bind(...params, checked.json, checked.variantId),
    ),
    reads,
  };
  const ran = await namedBatch(db, steps).catch((error: unknown) => {
    // The merged quantity passed the CHECK (1..MAX_LINE_QUANTITY): the batch rolled back whole.
    if (/CHECK constraint failed/i.test(String(error))) throw refusal("quantity_limit");
    throw error;
  });
  const row = ran.merged.results[0] ?? ran.changedInPlace.results[0];
  if (!row) throw refusal("item_not_found");
  return { value: toLine(row), reads: ran.reads };
}

/** Removes a line of the scope's cart; another owner's, store's or branch's line is item_not_found. */
export async function removeItem<R extends Reads = typeof NO_STEPS>(
  db: D1Database,
  scope: CartScope,
  cartItemId: number,
  reads: R = NO_STEPS as R,
): Promise<Changed<void, R>> {
  checkScope(scope);
  if (!isId(cartItemId)) throw refusal("item_not_found");
  const ran = await namedBatch(db, {
    touchCart: step(
      db
        .prepare(
          `UPDATE carts SET updated_at = ?5 WHERE id = ${SCOPED_CART}
           AND EXISTS (SELECT 1 FROM cart_items WHERE id = ?4 AND cart_id = carts.id)`,
        )
        .bind(scope.tenantId, scope.branchId, scope.owner, cartItemId, Date.now()),
    ),
    removed: step(
      db
        .prepare(`DELETE FROM cart_items WHERE id = ?4 AND tenant_id = ?1 AND cart_id = ${SCOPED_CART}`)
        .bind(scope.tenantId, scope.branchId, scope.owner, cartItemId),
    ),
    reads,
  });
  if (ran.removed.meta.changes !== 1) throw refusal("item_not_found");
  return { value: undefined, reads: ran.reads };
}

export function refusal(code: Exclude<CartErrorCode, "invalid_options" | "out_of_stock">): CartError {
  return new CartError(code, MESSAGES[code]);
}

export function checkScope(scope: CartScope): void {
  // A malformed scope is the caller's bug, not the shopper's: fail loudly rather than write a stray cart.
  if (!isId(scope.tenantId) || !isId(scope.branchId) || !isOwner(scope.owner)) throw new TypeError("Invalid cart scope");
}

function checkQuantity(quantity: unknown): void {
  if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > MAX_LINE_QUANTITY) {
    throw refusal("invalid_quantity");
  }
}

/** The line, only if it is in the scope's cart. */
/**
 * A new quantity for a line of the scope's cart, in one batch with `reads`: both writes find the line by the scope in
 * SQL, so an unknown or foreign line changes nothing and is refused after.
 */
async function setQuantity<R extends Reads>(
  db: D1Database,
  scope: CartScope,
  cartItemId: number,
  quantity: number,
  reads: R,
): Promise<Changed<CartLine, R>> {
  if (!isId(cartItemId)) throw refusal("item_not_found");
  const now = Date.now();
  const ran = await namedBatch(db, {
    touchCart: step(
      db
        .prepare(
          `UPDATE carts SET updated_at = ?4 WHERE id = ${SCOPED_CART}
           AND EXISTS (SELECT 1 FROM cart_items WHERE id = ?5 AND cart_id = carts.id AND tenant_id = ?1)`,
        )
        .bind(scope.tenantId, scope.branchId, scope.owner, now, cartItemId),
    ),
    updated: step<LineRow>(
      db
        .prepare(
          `UPDATE cart_items SET quantity = ?6, updated_at = ?4 WHERE id = ?5 AND tenant_id = ?1 AND cart_id = ${SCOPED_CART}
           AND ${FITS_STOCK} RETURNING ${LINE_COLUMNS}`,
        )
        .bind(scope.tenantId, scope.branchId, scope.owner, now, cartItemId, quantity),
    ),
    reads,
  });
  const row = ran.updated.results[0];
  if (row) return { value: toLine(row), reads: ran.reads };
  // Refused: say why (only now, so a change that goes through waits on one round trip). A line that is gone is
  // item_not_found; one whose product has too few left is out_of_stock (a line that fits now raced: not found).
  const line = await findLine(db, scope, cartItemId);
  await checkStockOnly(db, scope, line.product_id, { quantity, exceptLineId: line.id });
  throw refusal("item_not_found");
}

/**
 * Inside setQuantity's UPDATE of cart_items: the new quantity (?6) and the cart's other lines of the product fit in what
 * the cart's branch (?2) has left of it, or the branch does not count it (no stock row: the comparison is NULL).
 */
const FITS_STOCK = `NOT EXISTS (SELECT 1 FROM products p WHERE p.tenant_id = ?1 AND p.id = cart_items.product_id
  AND ${stockLeftAt("?2")} < ?6 + coalesce((SELECT SUM(o.quantity) FROM cart_items o
    WHERE o.cart_id = cart_items.cart_id AND o.product_id = cart_items.product_id AND o.id <> cart_items.id), 0))`;

async function findLine(db: D1Database, scope: CartScope, cartItemId: number) {
  if (!isId(cartItemId)) throw refusal("item_not_found");
  const row = await db
    .prepare(
      `SELECT id, cart_id AS cartId, product_id, selection_key FROM cart_items
       WHERE id = ?4 AND tenant_id = ?1 AND cart_id = ${SCOPED_CART}`,
    )
    .bind(scope.tenantId, scope.branchId, scope.owner, cartItemId)
    .first<{ id: number; cartId: number; product_id: number; selection_key: string }>();
  if (!row) throw refusal("item_not_found");
  return row;
}

/** Is the selection shaped like one (attribute id → value id, group id → value ids)? JSON bodies may be anything. */
function isSelection(value: unknown): value is Selection {
  const record = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!record(value) || !record(value.selectedAttributes) || !record(value.selectedMultiAttributes)) return false;
  return (
    Object.values(value.selectedAttributes).every(isId) &&
    Object.values(value.selectedMultiAttributes).every((ids) => Array.isArray(ids) && ids.length <= 100 && ids.every(isId))
  );
}

/**
 * What a change leaves in the cart of the product (decision 053): `quantity` in the changed line, besides every other
 * line of it (all but `exceptLineId`, the line being changed; null for an add, whose line may exist and grows).
 */
interface Wanted {
  quantity: number;
  exceptLineId: number | null;
}

/**
 * The product's units left at the cart's branch (NULL: untracked) and what the cart holds of it besides the changed
 * line, as one statement for a checking batch; `checkStock` reads it.
 */
function stockStep(db: D1Database, scope: CartScope, productId: number, wanted: Wanted) {
  const at = { ...SCOPE_FIRST, product: "?4", except: "?5" };
  const statement = db
    .prepare(
      `SELECT ${stockLeftAt(at.branch)} AS stock_left,
         (SELECT coalesce(SUM(quantity), 0) FROM cart_items WHERE cart_id = ${SCOPED_CART} AND product_id = p.id
          AND id IS NOT ${at.except}) AS in_cart
       FROM products p WHERE p.tenant_id = ${at.tenant} AND p.id = ${at.product}`,
    )
    .bind(scope.tenantId, scope.branchId, scope.owner, productId, wanted.exceptLineId);
  return step<StockRow>(statement);
}

interface StockRow {
  stock_left: number | null;
  in_cart: number;
}

/**
 * Refuses (409 out_of_stock) a change that would leave the cart holding more of a product than its branch has left.
 * A courtesy to the shopper, read before the write: what keeps stock from going below zero is the order's batch.
 */
function checkStock(result: Pick<D1Result<StockRow>, "results">, wanted: Wanted): void {
  const row = result.results[0];
  const message = row ? stockShortfall(row.stock_left, row.in_cart + wanted.quantity, { inCart: row.in_cart }) : null;
  if (message) throw new CartError("out_of_stock", message);
}

/** `checkStock` on its own, for a change of quantity alone. */
async function checkStockOnly(db: D1Database, scope: CartScope, productId: number, wanted: Wanted): Promise<null> {
  checkStock(await stockStep(db, scope, productId, wanted).statement.all<StockRow>(), wanted);
  return null;
}

/**
 * Checks that the branch is the store's, the product is the store's and sold at the branch with enough left, and the
 * options are valid for it (the catalogue's `checkSelection`, in minor units), in one D1 round trip. Answers what the
 * line stores.
 */
async function checkChoice(db: D1Database, scope: CartScope, productId: number, selection: Selection, wanted: Wanted) {
  if (!isId(productId)) throw refusal("product_not_found");
  if (!isSelection(selection)) throw new CartError("invalid_options", message("errors.option_not_available"));
  const ran = await namedBatch(db, {
    branch: step<{ found: 1 }>(
      db.prepare("SELECT 1 AS found FROM branches WHERE tenant_id = ?1 AND id = ?2").bind(scope.tenantId, scope.branchId),
    ),
    product: step<{ selling_price: number }>(
      db.prepare("SELECT selling_price FROM products WHERE tenant_id = ?1 AND id = ?2").bind(scope.tenantId, productId),
    ),
    sold: soldAtBranchStep(db, scope.tenantId, scope.branchId, productId),
    stock: stockStep(db, scope, productId, wanted),
    options: optionSteps(db, scope.tenantId, productId),
  });
  if (!ran.branch.results[0]) throw refusal("branch_not_found");
  const price = ran.product.results[0];
  if (!price) throw refusal("product_not_found");
  if (!soldFrom(ran.sold)) throw refusal("product_unavailable");
  checkStock(ran.stock, wanted);
  const verdict = checkSelection({ selling_price: price.selling_price, ...assembleOptions(ran.options, (minor) => minor) }, selection);
  if (!verdict.ok) throw new CartError("invalid_options", verdict.message);
  const canonical = canonicalSelection(selection);
  return {
    key: selectionKey(canonical),
    json: JSON.stringify(canonical),
    variantId: verdict.variantId,
    unitPrice: verdict.unitPrice,
  };
}
