import type { Attribute, Combination, ConfigurableProduct, MultiAttribute } from "../../commerce/product-options";
import { type Ran, type Step, step } from "../db/batch";

/**
 * A product's option rows (attributes, values, combinations, add-on groups and values) as D1 statements and
 * their assembly into the option rules' shape. Shared by the product page (which answers in major units) and the
 * cart (which validates and prices in minor units), so both read the same rows the same way.
 */

interface AttributeRow {
  id: number;
  name: string;
}
interface ValueRow {
  id: number;
  attribute_id: number;
  value: string;
}
interface CombinationRow {
  variant_id: number;
  value_ids: string;
  price: number;
}
interface MultiAttributeRow {
  id: number;
  name: string;
  min_select: number;
  max_select: number | null;
}
interface MultiValueRow {
  id: number;
  multi_attribute_id: number;
  value: string;
  price: number | null;
  dependencies_json: string;
  variant_prices_json: string;
}

export type ProductOptions = Omit<ConfigurableProduct, "selling_price">;

/** The five statements of a product's options, to run inside a caller's batch; `assembleOptions` reads their results. */
export function optionSteps(db: D1Database, tenantId: number, productId: number) {
  const bind = (sql: string) => db.prepare(sql).bind(tenantId, productId);
  return {
    attributes: step<AttributeRow>(
      bind("SELECT id, name FROM product_attributes WHERE tenant_id = ?1 AND product_id = ?2 ORDER BY position"),
    ),
    values: step<ValueRow>(
      bind("SELECT id, attribute_id, value FROM product_attribute_values WHERE tenant_id = ?1 AND product_id = ?2 ORDER BY position"),
    ),
    combinations: step<CombinationRow>(
      bind("SELECT variant_id, value_ids, price FROM product_combinations WHERE tenant_id = ?1 AND product_id = ?2 ORDER BY position"),
    ),
    groups: step<MultiAttributeRow>(
      bind(
        "SELECT id, name, min_select, max_select FROM product_multi_attributes WHERE tenant_id = ?1 AND product_id = ?2 ORDER BY position",
      ),
    ),
    groupValues: step<MultiValueRow>(
      bind(
        `SELECT id, multi_attribute_id, value, price, dependencies_json, variant_prices_json
         FROM product_multi_values WHERE tenant_id = ?1 AND product_id = ?2 ORDER BY position`,
      ),
    ),
  };
}

type OptionSteps = ReturnType<typeof optionSteps>;
/** Each option row as `optionStepsForProducts` reads it: with the product it belongs to. */
type OfProduct<S> = { [Name in keyof S]: S[Name] extends Step<infer Row> ? Step<Row & { product_id: number }> : never };

/**
 * The same five statements for every product a subquery names (`productIds`: SQL yielding product ids, using the
 * given parameters), each row carrying its product_id; `assembleOptionsByProduct` splits the results per product.
 * The cart reads all its products' options this way inside one batch.
 */
export function optionStepsForProducts(db: D1Database, productIds: string, params: unknown[]): OfProduct<OptionSteps> {
  const where = `WHERE tenant_id = ?1 AND product_id IN (${productIds}) ORDER BY product_id, position`;
  const bind = (columns: string, table: string) => step(db.prepare(`SELECT product_id, ${columns} FROM ${table} ${where}`).bind(...params));
  return {
    attributes: bind("id, name", "product_attributes"),
    values: bind("id, attribute_id, value", "product_attribute_values"),
    combinations: bind("variant_id, value_ids, price", "product_combinations"),
    groups: bind("id, name, min_select, max_select", "product_multi_attributes"),
    groupValues: bind("id, multi_attribute_id, value, price, dependencies_json, variant_prices_json", "product_multi_values"),
  };
}

/** The rows of each option statement, as `assembleOptions` reads them. */
type OptionRows = { [Name in keyof OptionSteps]: Pick<Ran<OptionSteps[Name]>, "results"> };

/** Splits `optionStepsForProducts`' results per product and assembles each product's options. */
export function assembleOptionsByProduct(
  ran: Ran<OfProduct<OptionSteps>>,
  productIds: Iterable<number>,
  money: (minor: number) => number,
): Map<number, ProductOptions> {
  const options = new Map<number, ProductOptions>();
  const own = <Row extends { product_id: number }>(result: D1Result<Row>, productId: number) => ({
    results: result.results.filter((row) => row.product_id === productId),
  });
  for (const productId of productIds) {
    const rows: OptionRows = {
      attributes: own(ran.attributes, productId),
      values: own(ran.values, productId),
      combinations: own(ran.combinations, productId),
      groups: own(ran.groups, productId),
      groupValues: own(ran.groupValues, productId),
    };
    options.set(productId, assembleOptions(rows, money));
  }
  return options;
}

/** Builds the options from `optionSteps`' results; `money` converts each stored minor-unit amount. */
export function assembleOptions(ran: OptionRows, money: (minor: number) => number): ProductOptions {
  const valueRows = ran.values.results;
  const attributeList: Attribute[] = ran.attributes.results.map((a) => ({
    id: a.id,
    name: a.name,
    values: valueRows.filter((v) => v.attribute_id === a.id).map((v) => ({ id: v.id, value: v.value })),
  }));
  const combinationList: Combination[] = ran.combinations.results.map((c) => ({
    ids: c.value_ids.split(",").map(Number),
    price: money(c.price),
    variant_id: c.variant_id,
  }));
  const multiValueRows = ran.groupValues.results;
  const groupList: MultiAttribute[] = ran.groups.results.map((g) => ({
    id: g.id,
    name: g.name,
    min_select: g.min_select,
    max_select: g.max_select,
    values: multiValueRows
      .filter((v) => v.multi_attribute_id === g.id)
      .map((v) => ({
        id: v.id,
        value: v.value,
        price: v.price === null ? null : money(v.price),
        dependencies: JSON.parse(v.dependencies_json) as number[],
        variant_prices: (JSON.parse(v.variant_prices_json) as { variant_id: number; price: number }[]).map((vp) => ({
          variant_id: vp.variant_id,
          price: money(vp.price),
        })),
      })),
  }));
  return { attributes: attributeList, combinations: combinationList, multi_selectable_attributes: groupList };
}
