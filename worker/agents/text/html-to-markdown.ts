import { code, destination, inlineText, lineStart } from "./markdown";

/**
 * A content page's HTML, as the sanitiser keeps it (worker/html/sanitize-html.ts), as markdown (decision 091): headings,
 * paragraphs, lists, quotes, code, tables, links, images and emphasis. Every other tag is dropped with its content kept,
 * and all text is escaped (markdown.ts), so no HTML passes through, whatever the input: the sanitiser's output is what
 * it expects, and anything else is read as text.
 */
export function htmlToMarkdown(html: string, origin: string): string {
  return blocks(parse(html).children, origin).join("\n\n");
}

interface Element {
  tag: string;
  attributes: Map<string, string>;
  children: Node[];
}
type Node = Element | string;

const VOID = new Set(["br", "hr", "img"]);
const BLOCK = new Set([
  "p",
  "div",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "figure",
  "figcaption",
]);
/** What the sanitiser lets a link or an image point at; anything else keeps its text and loses its address. */
const SAFE_URL = /^(?:https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?(?:-->|$)|[^<]+|</g;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function parse(html: string): Element {
  const root: Element = { tag: "", attributes: new Map(), children: [] };
  const open: Element[] = [root];
  for (const [token, closing, name, rest = ""] of html.matchAll(TOKEN)) {
    const top = open.at(-1)!;
    if (name === undefined) {
      if (!token.startsWith("<!--")) top.children.push(decode(token));
      continue;
    }
    const tag = name.toLowerCase();
    if (closing) {
      let at = open.length - 1;
      while (at > 0 && open[at]!.tag !== tag) at--;
      if (at > 0) open.length = at;
      continue;
    }
    // A paragraph or item left open ends where the next one starts, as an HTML parser reads it.
    if ((tag === "p" || tag === "li") && top.tag === tag) open.pop();
    const element: Element = { tag, attributes: attributesOf(rest), children: [] };
    open.at(-1)!.children.push(element);
    if (!VOID.has(tag) && !rest.trimEnd().endsWith("/")) open.push(element);
  }
  return root;
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    if (name) attributes.set(name.toLowerCase(), decode(double ?? single ?? bare ?? ""));
  }
  return attributes;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Character references as the sanitiser writes them (and the few named ones text uses) to the characters they are. */
function decode(raw: string): string {
  return raw.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g, (_whole, decimal, hex, name) => {
    if (name) return NAMED[name]!;
    const point = decimal ? Number(decimal) : Number.parseInt(hex, 16);
    return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : "\ufffd";
  });
}

/** The markdown blocks of a run of nodes: inline runs become paragraphs, block elements their own blocks. */
function blocks(nodes: Node[], origin: string): string[] {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const paragraph = lines(inline(run, origin));
    if (paragraph !== "") out.push(paragraph);
    run = [];
  };
  for (const node of nodes) {
    if (typeof node === "string" || !BLOCK.has(node.tag)) run.push(node);
    else {
      flush();
      out.push(...block(node, origin));
    }
  }
  flush();
  return out;
}

function block(element: Element, origin: string): string[] {
  const { tag, children } = element;
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    const title = lines(inline(children, origin)).replace(/\\\n/g, " ");
    return title === "" ? [] : [`${"#".repeat(Number(heading[1]))} ${title}`];
  }
  switch (tag) {
    case "hr":
      return ["---"];
    case "pre":
      return [fenced(textOf(element))];
    case "ul":
    case "ol":
    case "li":
      return list(element, origin);
    case "blockquote": {
      const quoted = blocks(children, origin).join("\n\n");
      return quoted === "" ? [] : [quoted.replace(/^/gm, "> ").replace(/^> $/gm, ">")];
    }
    case "table":
      return table(element, origin);
    default:
      return blocks(children, origin);
  }
}

/** A list's items, `- ` or `1. ` before each, its lines after the first indented under the marker. */
function list(element: Element, origin: string): string[] {
  const items = element.tag === "li" ? [element] : element.children.filter((child) => typeof child !== "string" || child.trim() !== "");
  const written = items.flatMap((item, index) => {
    const body = blocks(typeof item === "string" || item.tag !== "li" ? [item] : item.children, origin).join("\n\n");
    if (body === "") return [];
    const marker = element.tag === "ol" ? `${index + 1}. ` : "- ";
    return [marker + body.replace(/\n(?=.)/g, `\n${" ".repeat(marker.length)}`)];
  });
  return written.length === 0 ? [] : [written.join("\n")];
}

/** A table as a GFM table: its first row is the header, cells on one line each. */
function table(element: Element, origin: string): string[] {
  const rows = rowsOf(element).map((row) =>
    row.children
      .filter((cell): cell is Element => typeof cell !== "string" && (cell.tag === "td" || cell.tag === "th"))
      .map((cell) => lines(inline(cell.children, origin)).replace(/\\\n/g, " ")),
  );
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width === 0) return [];
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
  const [head = [], ...body] = rows;
  return [[line(head), line(Array(width).fill("---")), ...body.map(line)].join("\n")];
}

function rowsOf(element: Element): Element[] {
  return element.children.flatMap((child) => {
    if (typeof child === "string") return [];
    if (child.tag === "tr") return [child];
    return child.tag === "thead" || child.tag === "tbody" ? rowsOf(child) : [];
  });
}

/**
 * A paragraph from inline markdown: its hard breaks (`\` at a line's end, from `<br>`) kept one at a time and none at
 * its ends, each line trimmed and its start guarded.
 */
function lines(written: string): string {
  return (
    written
      .split("\\\n")
      // Text nodes side by side are folded apart: the spaces where they meet are folded here, as a browser folds them.
      .map((line) => lineStart(line.replace(/ {2,}/g, " ").trim()))
      .filter((line) => line !== "")
      .join("\\\n")
  );
}

/** Inline content as markdown on one line but for hard breaks (`\` at a line's end). */
function inline(nodes: Node[], origin: string): string {
  return nodes.map((node) => (typeof node === "string" ? inlineText(node) : inlineElement(node, origin))).join("");
}

function inlineElement(element: Element, origin: string): string {
  const { tag, children, attributes } = element;
  switch (tag) {
    case "br":
      return "\\\n";
    case "hr":
      return " ";
    case "b":
    case "strong":
      return emphasis("**", inline(children, origin));
    case "i":
    case "em":
      return emphasis("*", inline(children, origin));
    case "code":
    case "pre": {
      const content = textOf(element).replace(/\s+/g, " ");
      return content.trim() === "" ? content : code(content);
    }
    case "a": {
      const label = lines(inline(children, origin)).replace(/\\\n/g, " ");
      const href = safeUrl(attributes.get("href"), origin);
      if (href === null) return label;
      return `[${label === "" ? inlineText(href) : label}](${destination(href)})`;
    }
    case "img": {
      const alt = inlineText(attributes.get("alt") ?? "").trim();
      const src = safeUrl(attributes.get("src"), origin);
      return src === null ? alt : `![${alt}](${destination(src)})`;
    }
    default: {
      const content = inline(children, origin);
      // A block inside inline content (a paragraph in a link) still separates words.
      return BLOCK.has(tag) || tag === "td" || tag === "th" ? ` ${content} ` : content;
    }
  }
}

/** Emphasis around its content's words: markdown opens none at a space, so the spaces stay outside. */
function emphasis(mark: string, content: string): string {
  const [, before = "", core = "", after = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(content) ?? [];
  return core === "" ? before + after : `${before}${mark}${core}${mark}${after}`;
}

/** An address the sanitiser would keep, absolute on the store's origin when it is a path; null for any other. */
function safeUrl(raw: string | undefined, origin: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in a scheme, so must this
  const url = (raw ?? "").replace(/[\u0000-\u0020]/g, "");
  if (!SAFE_URL.test(url)) return null;
  return url.startsWith("/") ? origin + url : url;
}

/** An element's text as written, with line breaks for `<br>`: for code, which is not escaped. */
function textOf(element: Element): string {
  return element.children.map((child) => (typeof child === "string" ? child : child.tag === "br" ? "\n" : textOf(child))).join("");
}

/** A code block fenced by more backticks than any run in it. */
function fenced(content: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}\n${content.replace(/^\n/, "").replace(/\n$/, "")}\n${fence}`;
}
