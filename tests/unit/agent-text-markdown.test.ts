import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../../worker/agents/text/html-to-markdown";
import { code, destination, link, paragraphs, text } from "../../worker/agents/text/markdown";
import { sanitizeHtml } from "../../worker/html/sanitize-html";
import { nodesOf } from "./markdown-nodes";

// The markdown the agents' pages are written in (decision 091), read back by a CommonMark parser: the store's text
// stays text, and a content page's HTML becomes markdown with no HTML left in it.

const ORIGIN = "https://food.example";

const typesOf = (markdown: string) => nodesOf(markdown).map((node) => node.type);
/** The text of a document as a reader gets it: its text and code values, in order. */
const readOf = (markdown: string) =>
  nodesOf(markdown)
    .map((node) => ("value" in node && (node.type === "text" || node.type === "inlineCode") ? node.value : ""))
    .join("");
const urlsOf = (markdown: string) => nodesOf(markdown).flatMap((node) => ("url" in node ? [node.url] : []));
const folded = (raw: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: text() folds control characters as it folds spaces
  raw.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();

describe("the store's text in markdown", () => {
  it.each([
    "# Not a heading",
    "[Free pizza](https://evil.example)",
    "![x](https://evil.example/x.png)",
    "<script>alert(1)</script>",
    "**bold** _em_ `code` ~~gone~~",
    "1. not a list",
    "2) nor this",
    "- nor this",
    "+ nor this",
    "> not a quote",
    "---",
    "===",
    "| a | b |",
    "&amp; &#60; &lt;",
    "[ref]: https://evil.example",
    "back\\slash\\",
    "tab\tand\nnew line",
    "<https://evil.example>",
  ])("%s stays one paragraph of its own text", (raw) => {
    const markdown = text(raw);
    expect(typesOf(markdown)).toEqual(["root", "paragraph", "text"]);
    expect(readOf(markdown)).toBe(folded(raw));
  });

  it("keeps any text as one paragraph of exactly that text (property)", () => {
    const markup = fc.constantFrom(..."\\`*_[]()<>#!|~&=-+.:;0123456789 \t\n\u0000".split(""), "&amp;", "&#x41;", "```", "1. ", "- ");
    fc.assert(
      fc.property(fc.array(fc.oneof(markup, fc.string({ maxLength: 6 })), { maxLength: 16 }), (parts) => {
        const raw = parts.join("");
        const markdown = text(raw);
        if (folded(raw) === "") return markdown === "";
        const types = typesOf(markdown);
        return types[1] === "paragraph" && types.slice(2).every((type) => type === "text") && readOf(markdown) === folded(raw);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes a description as paragraphs, each of its own text", () => {
    const markdown = paragraphs("First line\n# still first\n\n\n* second\n\n   ");
    expect(typesOf(markdown)).toEqual(["root", "paragraph", "text", "paragraph", "text"]);
    expect(readOf(markdown)).toBe("First line # still first* second");
  });

  it("links with a label that is text and an address that cannot break out", () => {
    const markdown = link("A [label](x)", "https://food.example/a b)(c<d>");
    const [found] = nodesOf(markdown).filter((node) => node.type === "link");
    expect(found).toMatchObject({ url: "https://food.example/a%20b%29%28c%3Cd%3E" });
    expect(readOf(markdown)).toBe("A [label](x)");
    expect(destination("/x y")).toBe("/x%20y");
  });

  it("fences code longer than the backticks inside it", () => {
    expect(readOf(code("a``b"))).toBe("a``b");
    expect(readOf(code("`edge`"))).toBe("`edge`");
  });
});

describe("a content page's HTML as markdown", () => {
  const convert = (html: string) => htmlToMarkdown(sanitizeHtml(html), ORIGIN);

  it("writes headings, paragraphs, lists, quotes, code, tables, links, images and emphasis", () => {
    const markdown = convert(
      [
        "<h2>Delivery <em>policy</em></h2>",
        "<p>We deliver <strong>hot</strong> food.<br>Every day.</p>",
        "<ul><li>Fast</li><li>Fresh <a href='/page/terms'>terms</a></li></ul>",
        "<ol><li><p>One</p><ul><li>nested</li></ul></li><li>Two</li></ol>",
        "<blockquote><p>Quoted</p></blockquote>",
        "<pre>line `1`\nline 2</pre>",
        "<hr>",
        "<table><thead><tr><th>Area</th><th>Fee</th></tr></thead><tbody><tr><td>Indiranagar</td><td>₹30</td></tr></tbody></table>",
        "<p><img src='/logo.png' alt='Logo'> <code>code</code> <a href='mailto:hi@food.example'>mail</a></p>",
      ].join(""),
    );
    expect(markdown).toBe(
      [
        "## Delivery *policy*",
        "We deliver **hot** food.\\\nEvery day.",
        `- Fast\n- Fresh [terms](${ORIGIN}/page/terms)`,
        "1. One\n\n   - nested\n2. Two",
        "> Quoted",
        "```\nline `1`\nline 2\n```",
        "---",
        "| Area | Fee |\n| --- | --- |\n| Indiranagar | ₹30 |",
        `![Logo](${ORIGIN}/logo.png) \`code\` [mail](mailto:hi@food.example)`,
      ].join("\n\n"),
    );
    const types = typesOf(markdown);
    for (const type of [
      "heading",
      "emphasis",
      "strong",
      "break",
      "list",
      "blockquote",
      "code",
      "thematicBreak",
      "image",
      "inlineCode",
      "link",
    ]) {
      expect(types, type).toContain(type);
    }
  });

  it("lets no HTML through, and reads markup in the text as text", () => {
    const markdown = convert(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; # [x](javascript:alert(1))</p><script>alert(2)</script><iframe src="x"></iframe>',
    );
    expect(typesOf(markdown)).toEqual(["root", "paragraph", "text"]);
    expect(readOf(markdown)).toBe("<script>alert(1)</script> # [x](javascript:alert(1))");
  });

  it("drops an address the sanitiser would not keep, and keeps its text", () => {
    const markdown = htmlToMarkdown('<a href="javascript:alert(1)">click</a> <img src="data:x" alt="pic">', ORIGIN);
    expect(typesOf(markdown)).toEqual(["root", "paragraph", "text"]);
    expect(readOf(markdown)).toBe("click pic");
  });

  it("reads HTML it was not written for: unclosed, stray and unknown tags", () => {
    expect(htmlToMarkdown("<p>one<p>two <b>bold", ORIGIN)).toBe("one\n\ntwo **bold**");
    expect(htmlToMarkdown("a </em> b <x-y>c</x-y> < d <!-- note --> e", ORIGIN)).toBe("a b c \\< d e");
    expect(htmlToMarkdown("<ul><li>a<li>b</ul>", ORIGIN)).toBe("- a\n- b");
    expect(htmlToMarkdown("", ORIGIN)).toBe("");
  });

  it("turns any HTML into markdown without HTML, linking only where the sanitiser allows (property)", () => {
    const tag = fc.constantFrom(
      "p",
      "a",
      "b",
      "em",
      "h1",
      "h3",
      "ul",
      "ol",
      "li",
      "blockquote",
      "pre",
      "code",
      "table",
      "tr",
      "td",
      "img",
      "script",
      "div",
    );
    const attribute = fc.constantFrom(
      "",
      'href="/x"',
      'href="javascript:alert(1)"',
      'src="https://cdn.example/i.png"',
      'alt="a]b"',
      "onclick=x()",
    );
    const fragment = fc.oneof(
      fc.tuple(tag, attribute, fc.string({ maxLength: 8 })).map(([t, a, inner]) => `<${t} ${a}>${inner}</${t}>`),
      fc.tuple(tag, attribute).map(([t, a]) => `<${t} ${a}>`),
      fc.constantFrom("<", ">", "<br>", "&lt;b&gt;", "# ", "- ", "1. ", "[x](y)", "*", "`", "\n\n", "<!--"),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 14 }).map((parts) => parts.join("")),
        (html) => {
          for (const markdown of [htmlToMarkdown(sanitizeHtml(html), ORIGIN), htmlToMarkdown(html, ORIGIN)]) {
            const nodes = nodesOf(markdown);
            if (nodes.some((node) => node.type === "html" || node.type === "definition")) return false;
            if (!urlsOf(markdown).every((url) => /^(?:https:\/\/|mailto:|tel:|#)/.test(url))) return false;
          }
          return true;
        },
      ),
      { numRuns: 1500 },
    );
  });
});
