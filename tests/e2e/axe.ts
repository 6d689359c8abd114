import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Variant } from "./helpers";

/** axe-core's single-file build, evaluated as a string: that also works with JavaScript off, where a <script> tag would not run. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, naming each. With JavaScript off,
 * Playwright's evaluate never settles (axe waits on timers the disabled page never runs), so axe checks a copy: the
 * same document at the same address, served to a JavaScript-enabled page with its scripts removed.
 */
export async function expectAccessible(page: Page, variant: Variant, what: string, rules?: string[]) {
  if (variant.js) return runAxe(page, what, rules);
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route(url, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await copy.goto(url, { waitUntil: "load" });
    await runAxe(copy, what, rules);
  } finally {
    await context.close();
  }
}

/**
 * The WCAG tags' rules, failing on a serious or critical violation; or only the named `rules` (best practices outside
 * those tags, such as heading-order), failing on any violation of them.
 */
async function runAxe(page: Page, what: string, rules?: string[]) {
  await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: "rule", values: rules } : { type: "tag", values: WCAG_TAGS };
  const violations = await page.evaluate(
    async ({ runOnly }) => {
      const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run({ runOnly });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
      }));
    },
    { runOnly },
  );
  const serious = rules ? violations : violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 4)
        .map((n) => `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`)
        .join("\n"),
  );
  expect(report, `axe on ${what}`).toEqual([]);
}
