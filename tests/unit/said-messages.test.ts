import { join } from "node:path";
import MessageFormat from "@messageformat/core";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { sayIn } from "../../commerce/i18n/said";
import { PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE } from "../../commerce/languages";
import { readCatalogue, saidOf } from "../../scripts/i18n/compile-catalogues";
import { pseudoMessage } from "../../scripts/i18n/pseudo-message";

const root = join(import.meta.dirname, "../..");
const COUNTS = [0, 1, 2, 3, 4, 5, 7, 11, 12, 21, 22, 100, 101, 1000, 1.5];

/** The values a message's placeholders are tried with: counts across every plural category, each select's keys and one more. */
function valuesToTry(message: string): Record<string, unknown>[] {
  const choices = new Map<string, unknown[]>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument") choices.set(token.arg, choices.get(token.arg) ?? ["Ada", 42]);
      else if (token.type === "function") choices.set(token.arg, COUNTS);
      else if (token.type === "plural" || token.type === "selectordinal") {
        choices.set(token.arg, COUNTS);
        for (const c of token.cases) walk(c.tokens);
      } else if (token.type === "select") {
        choices.set(token.arg, [...token.cases.map((c) => c.key), "something-else"]);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  const base = Object.fromEntries([...choices].map(([name, values]) => [name, values[0]]));
  const tries = [base];
  for (const [name, values] of choices) for (const value of values.slice(1)) tries.push({ ...base, [name]: value });
  return tries;
}

describe("messages as said (decision 081)", () => {
  it("read as ICU MessageFormat's own compiler reads them, in every language, with every value tried", () => {
    let compared = 0;
    const source = readCatalogue(root, SOURCE_LANGUAGE);
    const languages = [
      ...SHIPPED_LANGUAGES.map((language) => [language, readCatalogue(root, language)] as const),
      [PSEUDO_LANGUAGE, Object.fromEntries(Object.entries(source).map(([id, m]) => [id, pseudoMessage(m)]))] as const,
    ];
    for (const [language, messages] of languages) {
      // The reference formats numbers and picks plurals by the language itself; the pseudo-language is English's.
      const reference = new MessageFormat(language === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : language);
      for (const [id, message] of Object.entries(messages)) {
        const said = saidOf(message);
        const expected = reference.compile(message);
        for (const values of valuesToTry(message)) {
          expect(sayIn(language, said, values), `${language} ${id} ${JSON.stringify(values)}`).toBe(expected(values));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5 * 700);
  });

  it("keep a plain text as the text, and an exact case before the category", () => {
    expect(saidOf("Cart")).toBe("Cart");
    expect(saidOf("It''s {name}")).toEqual(["It's ", ["name"]]);
    const items = saidOf("{count, plural, =0 {none} one {# item} other {# items}}");
    expect(sayIn("en", items, { count: 0 })).toBe("none");
    expect(sayIn("en", items, { count: 1 })).toBe("1 item");
    expect(sayIn("de", items, { count: 1234 })).toBe("1.234 items");
  });

  it("refuse at compile time what the runtime does not say", () => {
    expect(() => saidOf("{n, number}")).toThrow(/says only placeholders, plural and select/);
    expect(() => saidOf("{n, selectordinal, one {#st} other {#th}}")).toThrow(/says only placeholders, plural and select/);
  });

  it("never read a case from an object's prototype", () => {
    const choice = saidOf("{kind, select, home {Home} other {Other}}");
    expect(sayIn("en", choice, { kind: "constructor" })).toBe("Other");
    expect(sayIn("en", choice, { kind: "__proto__" })).toBe("Other");
  });
});
