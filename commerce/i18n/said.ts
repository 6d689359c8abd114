/**
 * A message as `npm run i18n` compiles it from ICU MessageFormat (scripts/i18n/compile-catalogues.ts), and the few
 * lines that put it into words (decision 081). Plain JSON, not code: the Worker reads its catalogues from its static
 * assets and cannot run code it fetches, and a page carries its own messages inline in its HTML.
 *
 * - a text without placeholders is the text;
 * - otherwise a list of parts: a text, `[name]` (a value as given), `[name, "n"]` (a number in the language's digits),
 *   `[name, "p" | "o", cases, offset?]` (plural, ordinal), `[name, "s", cases]` (select), or `0` (the `#` of the plural
 *   around it). Cases are keyed by category (`one`, `other`) or exact value (`=0`).
 */
export type Said = string | SaidPart[];
export type SaidPart =
  | string
  | 0
  | [name: string]
  | [name: string, kind: "n"]
  | [name: string, kind: "p" | "o" | "s", cases: Cases, offset?: number];
type Cases = Record<string, Said>;
type Values = Record<string, unknown> | undefined;

// Made once per language: each costs far more to make than to use.
const made = new Map<string, Intl.NumberFormat | Intl.PluralRules>();
function once<T extends Intl.NumberFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let value = made.get(key) as T | undefined;
  if (!value) {
    value = make();
    made.set(key, value);
  }
  return value;
}

const numberIn = (language: string, value: unknown): string =>
  once(language, () => new Intl.NumberFormat(language)).format(value as number);

const categoryIn = (language: string, type: "cardinal" | "ordinal", value: number): string =>
  once(`${language} ${type}`, () => new Intl.PluralRules(language, { type })).select(value);

const caseOf = (cases: Cases, key: string): Said | undefined => (Object.hasOwn(cases, key) ? cases[key] : undefined);

/** `said` in words, in `language` (its plural rules and digits), with `values` in its placeholders. */
export function sayIn(language: string, said: Said, values: Values, count = 0): string {
  if (typeof said === "string") return said;
  let text = "";
  for (const part of said) {
    if (typeof part === "string") text += part;
    else if (part === 0) text += numberIn(language, count);
    else {
      const [name, kind, cases, offset = 0] = part;
      const value = values?.[name];
      if (kind === undefined) text += value;
      else if (kind === "n") text += numberIn(language, value);
      else if (kind === "s") text += sayIn(language, caseOf(cases!, String(value)) ?? cases!.other!, values, count);
      else {
        // As ICU: an exact case wins over the value's category; the category and `#` are of the value less the offset.
        const n = (value as number) - offset;
        const exact = caseOf(cases!, `=${value}`);
        const category = exact ?? caseOf(cases!, categoryIn(language, kind === "o" ? "ordinal" : "cardinal", n));
        text += sayIn(language, category ?? cases!.other!, values, n);
      }
    }
  }
  return text;
}
