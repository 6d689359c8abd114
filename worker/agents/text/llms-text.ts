import { MCP_PATH } from "../../../commerce/agent-paths";
import { bullets, code, document, link, text } from "./markdown";
import { fact, label, sentence, type TextSite } from "./text-site";

export interface LlmsText {
  name: string;
  /** The store's own words about itself (`seo_meta_description`); empty: a summary of ours. */
  description: string;
  categories: { name: string; slug: string }[];
  pages: { title: string; slug: string }[];
}

/** The MCP server's tools (decision 089), grouped as an agent uses them. */
const TOOLS = {
  catalogue: ["search_catalog", "lookup_catalog", "get_product", "list_categories", "list_branches"],
  cart: ["create_cart", "get_cart", "update_cart", "cancel_cart"],
  checkout: ["create_checkout", "get_order"],
} as const;

/**
 * The store's `/llms.txt` (llmstxt.org; decision 091): its name and summary, how an agent shops it (the MCP server, its
 * tools, and that the shopper pays) or that it takes no agents, how its pages answer in markdown, and its categories
 * and content pages as links to their markdown. `site.suffix` is `.md`: a link in it must work for any fetcher.
 */
export function llmsText(site: TextSite, store: LlmsText): string {
  const tools = (names: readonly string[]) => names.map(code).join(", ");
  const mcp = `${site.origin}${MCP_PATH}`;
  const shop = site.agents
    ? bullets([
        fact(label(site, "llms_mcp"), link(mcp, mcp)),
        fact(label(site, "llms_tools_catalogue"), tools(TOOLS.catalogue)),
        fact(label(site, "llms_tools_cart"), tools(TOOLS.cart)),
        fact(label(site, "llms_tools_checkout"), tools(TOOLS.checkout)),
        text(sentence(site, "llms_never_pays")),
      ])
    : text(sentence(site, "llms_agents_off"));
  const section = (title: string, links: string[]) => links.length > 0 && `## ${text(title)}\n\n${bullets(links)}`;
  return document([
    `# ${text(store.name)}`,
    `> ${text(store.description.trim() || sentence(site, "llms_summary"))}`,
    `## ${text(label(site, "llms_shop"))}\n\n${shop}`,
    `## ${text(label(site, "llms_markdown"))}\n\n${text(sentence(site, "llms_markdown_how"))}\n\n${bullets([
      fact(label(site, "llms_search"), code(`${site.pages}/search${site.suffix}?q=`)),
    ])}`,
    section(
      label(site, "llms_categories"),
      store.categories.map((c) => link(c.name, `${site.pages}/category/${c.slug}${site.suffix}`)),
    ),
    section(
      label(site, "llms_pages"),
      store.pages.map((p) => link(p.title, `${site.pages}/page/${p.slug}${site.suffix}`)),
    ),
  ]);
}
