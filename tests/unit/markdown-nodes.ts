import type { Content, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";

/** Markdown as a CommonMark parser reads it, for the tests of the agents' pages as text (decision 091). */

export type MarkdownNode = Root | Content;

/** Every node of a markdown document, depth first. */
export function nodesOf(markdown: string): MarkdownNode[] {
  const all: MarkdownNode[] = [];
  const walk = (node: MarkdownNode) => {
    all.push(node);
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(fromMarkdown(markdown));
  return all;
}

/** A node's text as a reader gets it. */
export const plainOf = (node: MarkdownNode): string =>
  "value" in node ? node.value : "children" in node ? node.children.map(plainOf).join("") : "";

export const headingsOf = (markdown: string) =>
  nodesOf(markdown).flatMap((node) => (node.type === "heading" ? [`${"#".repeat(node.depth)} ${plainOf(node)}`] : []));

/** Each link as [its text, its address]. */
export const linksOf = (markdown: string) =>
  nodesOf(markdown).flatMap((node) => (node.type === "link" ? [[plainOf(node), node.url] as const] : []));
