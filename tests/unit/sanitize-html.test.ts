import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../worker/html/sanitize-html";

const DANGEROUS = /<script|<iframe|<object|<embed|<form|<base|<meta|<style|<svg|\son\w+\s*=|javascript:|data:text\/html/i;

describe("sanitizeHtml", () => {
  it.each([
    ['<img src=x onerror="alert(1)">', "<img src>"],
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" href>x</a>'],
    ['<a href=" jav&#x09;ascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow" href>x</a>'],
    ['<iframe src="https://evil.example"></iframe>text', "text"],
    // js-xss marks a stripped body nested in another stripped body with this placeholder.
    ["<svg><script>alert(1)</script></svg>", "[removed]"],
    ['<p style="position:fixed">x</p>', "<p>x</p>"],
    ['<form action="https://evil.example"><input name=a></form>', ""],
    ['<base href="https://evil.example/">', ""],
  ])("removes what can run or restyle: %s", (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it("keeps formatting, safe links and images", () => {
    expect(sanitizeHtml('<h2>Hi</h2><p><strong>Fresh</strong> <a href="/page/about-us">about</a></p><img src="/a.svg" alt="A">')).toBe(
      '<h2>Hi</h2><p><strong>Fresh</strong> <a rel="noopener noreferrer nofollow" href="/page/about-us">about</a></p><img src="/a.svg" alt="A">',
    );
  });

  it("never lets a dangerous construct through, and is idempotent, for generated tag soup", () => {
    const tag = fc.constantFrom("script", "img", "a", "p", "iframe", "svg", "style", "div", "form", "base", "meta", "object");
    const attribute = fc.constantFrom(
      "onerror=alert(1)",
      'href="javascript:alert(1)"',
      'src="data:text/html,x"',
      "onclick=x",
      'style="a:b"',
      'href="/ok"',
    );
    const fragment = fc.oneof(
      fc.tuple(tag, attribute, fc.string({ maxLength: 8 })).map(([t, a, text]) => `<${t} ${a}>${text}</${t}>`),
      fc.constantFrom("<", ">", "<!--", "-->", "<<", "&lt;script&gt;", "\u0000"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join("")),
        (input) => {
          const once = sanitizeHtml(input);
          expect(once).not.toMatch(DANGEROUS);
          expect(sanitizeHtml(once)).toBe(once);
        },
      ),
      { numRuns: 500, seed: 20261121 },
    );
  });
});
