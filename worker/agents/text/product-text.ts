import type { MultiAttribute, MultiValue } from "../../../commerce/product-options";
import type { ProductDetail } from "../../catalog/product-detail";
import { bullets, document, link, paragraphs, text } from "./markdown";
import { address, fact, label, linksSection, price, sentence, stockText, type TextSite, textAddress } from "./text-site";

export interface BranchName {
  id: number;
  name: string;
}

export interface ProductText {
  product: ProductDetail;
  /** The branch its prices and stock are at; null when the store has none to name. */
  branch: BranchName | null;
  /** The store's other branches: links to the product's prices at each. */
  otherBranches: BranchName[];
}

/**
 * A product as markdown (decision 091): what its page and options drawer show, written out: its price (or the range of
 * its combinations') at the branch, the original price, stock, rating, category and description; each option with its
 * values, the price of each combination that can be ordered; each add-on group with how many to choose, each add-on's
 * price and what it needs; links to its page for the shopper and to the store's MCP server.
 */
export function productText(site: TextSite, { product, branch, otherBranches }: ProductText): string {
  const { t } = site;
  const path = `/product/${product.slug}`;
  const prices = product.combinations.length > 0 ? product.combinations.map((c) => c.price) : [product.selling_price];
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const facts = [
    fact(
      label(site, "price"),
      low === high ? text(price(site, low)) : text(t("agent-text.price_range", { min: price(site, low), max: price(site, high) })),
    ),
    product.original_price !== null && fact(label(site, "original_price"), text(price(site, product.original_price))),
    branch && fact(label(site, "branch"), text(branch.name)),
    fact(label(site, "stock"), stockText(site, product.stock, product.available)),
    fact(label(site, "rating"), text(ratingText(site, product.rating))),
    product.category && fact(label(site, "category"), link(product.category.name, textAddress(site, `/category/${product.category.slug}`))),
  ].filter((line): line is string => typeof line === "string");
  return document([
    `# ${text(product.name)}`,
    bullets(facts),
    paragraphs(product.description),
    optionsText(site, product),
    addOnsText(site, product),
    otherBranches.length > 0 &&
      `## ${text(label(site, "other_branches"))}\n\n${bullets(otherBranches.map((b) => link(b.name, address(textAddress(site, path), [["branch_id", b.id]]))))}`,
    linksSection(site, link(label(site, "product_page"), `${site.pages}${path}`)),
  ]);
}

function ratingText(site: TextSite, rating: ProductDetail["rating"]): string {
  return rating.rating_count === 0
    ? site.t("product.no_ratings")
    : site.t("agent-text.rating_value", { average: rating.average_rating, count: rating.rating_count });
}

/** The single-choice options, and the price of each combination of their values that can be ordered. */
function optionsText(site: TextSite, product: ProductDetail): string | null {
  if (product.attributes.length === 0) return null;
  const options = bullets(product.attributes.map((a) => fact(a.name, a.values.map((v) => text(v.value)).join(", "))));
  const combinations =
    product.combinations.length === 0
      ? null
      : `### ${text(label(site, "combinations"))}\n\n${text(sentence(site, "combinations_intro"))}\n\n${bullets(
          product.combinations.map((c) => fact(combinationName(product, c.ids), text(price(site, c.price)))),
        )}`;
  return [`## ${text(label(site, "options"))}`, text(sentence(site, "options_intro")), options, combinations].filter(Boolean).join("\n\n");
}

/** A combination by its values' names, in the options' order: `Large / Thin`. */
function combinationName(product: ProductDetail, ids: number[]): string {
  return product.attributes.flatMap((a) => a.values.filter((v) => ids.includes(v.id)).map((v) => v.value)).join(" / ");
}

/** Each add-on group: how many to choose, and each add-on's price and the choices it needs. */
function addOnsText(site: TextSite, product: ProductDetail): string | null {
  if (product.multi_selectable_attributes.length === 0) return null;
  const groups = product.multi_selectable_attributes.map(
    (group) =>
      `### ${text(group.name)}\n\n${text(choosing(site, group))}\n\n${bullets(group.values.map((value) => fact(value.value, addOnPrice(site, product, value))))}`,
  );
  return [`## ${text(label(site, "add_ons"))}`, ...groups].join("\n\n");
}

function choosing(site: TextSite, { min_select: min, max_select: max }: MultiAttribute): string {
  const rule = max === null ? (min === 0 ? "any" : "at_least") : min === 0 ? "up_to" : min === max ? "exactly" : "between";
  return site.t("agent-text.choose", { rule, min, max: max ?? "" });
}

/**
 * An add-on's price as the cart prices it (commerce/product-options.ts): priced per combination, it is offered with
 * those combinations only, at their prices; else its one price (none: free), and, when it depends on option values,
 * with one of them only.
 */
function addOnPrice(site: TextSite, product: ProductDetail, value: MultiValue): string {
  const { t } = site;
  if (value.variant_prices.length > 0) {
    const each = value.variant_prices.flatMap((vp) => {
      const combination = product.combinations.find((c) => c.variant_id === vp.variant_id);
      const fits = combination && (value.dependencies.length === 0 || combination.ids.some((id) => value.dependencies.includes(id)));
      return fits ? [`${combinationName(product, combination.ids)} (${price(site, vp.price)})`] : [];
    });
    return text(t("agent-text.only_with", { choices: each.join(", ") }));
  }
  const amount = value.price === null || value.price === 0 ? label(site, "free") : price(site, value.price);
  if (value.dependencies.length === 0) return text(amount);
  const needs = product.attributes.flatMap((a) => a.values.filter((v) => value.dependencies.includes(v.id)).map((v) => v.value));
  return `${text(amount)}, ${text(t("agent-text.only_with", { choices: needs.join(", ") }))}`;
}
