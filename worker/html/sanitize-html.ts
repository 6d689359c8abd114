import * as xssModule from "xss";

// xss is CommonJS: Node's ESM loader exposes it as named exports, workerd's bundler as a default export.
const { FilterXSS } = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;

function escapeAttrValue(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The allowlist for store-owner HTML (custom HTML blocks, content pages, the powered-by footer). It keeps
 * formatting, links and images and drops everything that can run script, load frames, submit forms or
 * restyle the page. Store HTML is sanitised when it is imported and again when it is served.
 */
const ALLOWED_TAGS: Record<string, string[]> = {
  a: ["href", "title"],
  b: [],
  blockquote: [],
  br: [],
  code: [],
  div: [],
  em: [],
  figcaption: [],
  figure: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ["src", "alt", "width", "height", "loading"],
  li: [],
  ol: [],
  p: [],
  pre: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  sup: [],
  table: [],
  tbody: [],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  thead: [],
  tr: [],
  u: [],
  ul: [],
};

const SAFE_URL = /^(?:https:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const filter = new FilterXSS({
  whiteList: ALLOWED_TAGS,
  stripIgnoreTag: true,
  // The bodies of these never belong in visible content.
  stripIgnoreTagBody: ["script", "style", "template", "noscript", "iframe", "object", "svg", "math", "title", "textarea"],
  allowCommentTag: false,
  css: false,
  safeAttrValue(_tag: string, name: string, value: string) {
    // Browsers ignore control characters and spaces inside a URL scheme ("jav\tascript:"), so the check must too.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    const trimmed = value.replace(/[\u0000-\u0020]/g, "");
    if (name === "href" || name === "src") {
      return SAFE_URL.test(trimmed) ? escapeAttrValue(trimmed) : "";
    }
    return escapeAttrValue(value);
  },
  onIgnoreTagAttr() {
    return "";
  },
});

export function sanitizeHtml(html: string): string {
  // After filtering, every "<a" left in the output opens a real tag (text is escaped), so links can be marked
  // here: they leave the store without handing it the shopper's window.
  return filter.process(html).replace(/<a(?=[\s>])/g, '<a rel="noopener noreferrer nofollow"');
}
