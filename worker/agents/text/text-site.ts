import { MCP_PATH } from "../../../commerce/agent-paths";
import type { Translate } from "../../../commerce/i18n/catalogue";
import { type CurrencySettings, formatPrice } from "../../../commerce/money";
import { STOCK_TEXT, type StockLevel } from "../../../commerce/stock";
import { bullets, link, text } from "./markdown";

/** What every text page is written with: the store's words, addresses and currency, as the request reached it. */
export interface TextSite {
  /** The interface's words in the page's language. */
  t: Translate;
  /** The store's origin: its MCP server's and its media's addresses. */
  origin: string;
  /** The origin with the page's language prefix: the pages' own addresses. */
  pages: string;
  /**
   * `.md` when the request named the markdown by its address: the links to other text pages keep to that form, for an
   * agent that cannot send `Accept`. Empty when it asked with `Accept`: the same addresses answer it markdown again.
   */
  suffix: "" | ".md";
  currency: CurrencySettings;
  /** The store takes agents at its MCP server (`agentsEnable`). */
  agents: boolean;
}

/** The short texts of ours (`agent-text.label`), one message chosen by name: `label(site, "price")`. */
export const LABELS = [
  "price",
  "original_price",
  "stock",
  "rating",
  "category",
  "branch",
  "options",
  "combinations",
  "add_ons",
  "other_branches",
  "links",
  "filters",
  "sort",
  "chosen",
  "has_options",
  "free",
  "product_page",
  "category_page",
  "content_page",
  "mcp_server",
  "previous_page",
  "next_page",
  "store_guide",
  "refused_title",
  "llms_shop",
  "llms_mcp",
  "llms_tools_catalogue",
  "llms_tools_cart",
  "llms_tools_checkout",
  "llms_markdown",
  "llms_search",
  "llms_categories",
  "llms_pages",
] as const;
/** The sentences of ours (`agent-text.sentence`), as the labels. */
export const SENTENCES = [
  "options_intro",
  "combinations_intro",
  "search_how",
  "llms_summary",
  "llms_never_pays",
  "llms_agents_off",
  "llms_markdown_how",
] as const;

export const label = (site: TextSite, name: (typeof LABELS)[number]): string => site.t("agent-text.label", { name });
export const sentence = (site: TextSite, name: (typeof SENTENCES)[number]): string => site.t("agent-text.sentence", { name });

/** A page's address with a query: its parameters in the order given, the empty ones left out. */
export function address(base: string, params: [string, string | number | null | undefined][] = []): string {
  const query = new URLSearchParams();
  for (const [name, value] of params) if (value !== null && value !== undefined && value !== "") query.append(name, String(value));
  const search = query.toString();
  return search === "" ? base : `${base}?${search}`;
}

/** A text page's address on the store: `/product/x`, `.md` after it when this answer's links keep to that form. */
export const textAddress = (site: TextSite, path: string): string => `${site.pages}${path}${site.suffix}`;

export const price = (site: TextSite, major: number): string => formatPrice(major, site.currency);

/** A fact as one list item's text, `Label: value`, the value markdown already. */
export const fact = (label: string, value: string): string => `${text(label)}: ${value}`;

/** The stock at the branch as the pages say it: sold without limit (not counted) is in stock. */
export function stockText(site: TextSite, stock: StockLevel | null, sold = true): string {
  if (!sold) return text(site.t("product.not_available_here"));
  return text(site.t(STOCK_TEXT[stock ?? "in_stock"]));
}

/** The links an answer ends with: its page for the shopper (a link), and the MCP server if the store takes agents. */
export function linksSection(site: TextSite, shopperPage: string | null): string | null {
  const links = [shopperPage, site.agents ? link(label(site, "mcp_server"), `${site.origin}${MCP_PATH}`) : null].filter(
    (line): line is string => line !== null,
  );
  return links.length === 0 ? null : `## ${text(label(site, "links"))}\n\n${bullets(links)}`;
}
