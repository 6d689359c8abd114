/**
 * Writing markdown from text the store wrote (decision 091): its names, descriptions and pages are text, escaped so that
 * nothing in them can open a link, a heading, a list, emphasis or raw HTML; the structure is only what we write around it.
 */

/** Characters that mean something anywhere on a line, and `&` where it would start an entity. */
const INLINE_MARKUP = /[\\`*_[\]<>#|~]|&(?=#?\w+;)/g;

/** Text as one line of markdown: whitespace and control characters folded to spaces, markup escaped; untrimmed. */
export function inlineText(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is no text a reader should get
  return raw.replace(/[\s\u0000-\u001f\u007f]+/g, " ").replace(INLINE_MARKUP, "\\$&");
}

/**
 * A line as it may begin without starting a block: a list item (`-`, `+`, `1.`), a setext heading's underline (`=`,
 * `-`) or an indented code block (leading spaces) are what a line's start alone can make once inline markup is escaped.
 */
export function lineStart(line: string): string {
  return line
    .trimStart()
    .replace(/^[-+=](?![\p{L}\p{N}])/u, "\\$&")
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
}

/** Text as one paragraph-safe line: folded, escaped, trimmed, its start guarded. */
export function text(raw: string): string {
  return lineStart(inlineText(raw).trim());
}

/** Text the store wrote in paragraphs (a description): one markdown paragraph per blank-line-separated block. */
export function paragraphs(raw: string): string {
  return raw
    .split(/\n\s*\n/)
    .map(text)
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/** A link destination that cannot end early or carry a title: what would close or split it is percent-encoded. */
export function destination(url: string): string {
  return url.replace(/[\s()<>\\"'`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** A link whose label is text. */
export function link(label: string, url: string): string {
  return `[${text(label)}](${destination(url)})`;
}

/** A code span for text of our own or the store's: its fence longer than any run of backticks inside. */
export function code(raw: string): string {
  const longest = Math.max(0, ...[...raw.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = raw.startsWith("`") || raw.endsWith("`") ? " " : "";
  return `${fence}${pad}${raw}${pad}${fence}`;
}

/** A list item per entry, `- ` before each. */
export function bullets(items: string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}

/** A document from its blocks, blank lines between them, ending in one newline. */
export function document(blocks: (string | null | false)[]): string {
  return `${blocks.filter((block): block is string => typeof block === "string" && block !== "").join("\n\n")}\n`;
}
