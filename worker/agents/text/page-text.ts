import type { ContentPage } from "../../content/pages";
import { htmlToMarkdown } from "./html-to-markdown";
import { bullets, document, link, text } from "./markdown";
import { label, linksSection, type TextSite } from "./text-site";

/** A content page (about, policies) as markdown: its title and its sanitised HTML as markdown (the MCP resource). */
export function contentPageMarkdown(page: ContentPage, origin: string): string {
  return document([`# ${text(page.title)}`, htmlToMarkdown(page.content, origin)]);
}

/** A content page's markdown with its own address for the shopper and the store's MCP server. */
export function contentPageText(site: TextSite, page: ContentPage): string {
  return document([
    contentPageMarkdown(page, site.origin).trimEnd(),
    linksSection(site, link(label(site, "content_page"), `${site.pages}/page/${page.slug}`)),
  ]);
}

/** An address with nothing behind it, or a request the store refused: what happened, and where the store says more. */
export function problemText(site: TextSite, title: string, detail: string): string {
  return document([`# ${text(title)}`, text(detail), bullets([link(label(site, "store_guide"), `${site.origin}/llms.txt`)])]);
}
