/**
 * A message as `npm run i18n` compiles it from ICU MessageFormat (scripts/i18n/compile-catalogues.ts), and the few
 * lines that put it into words (decision 081). Plain JSON, not code: the Worker reads its catalogues from its static
 * assets and cannot run code it fetches, and a page carries its own messages in its HTML.
 *
 * - a text without placeholders is the text;
 * - otherwise a list of parts: a text, `[name]` (a value as given), `[name, "p", cases, offset?]` (plural),
 *   `[name, "s", cases]` (select), or `0` (the `#` of the plural around it, in the language's digits). Cases are keyed
 *   by category (`one`, `other`), by exact value (`=0`) or by choice.
 *
 * Only what the catalogues use is said; the compiler refuses the rest (`{n, number}`, `selectordinal`).
 */
export type Said = string | SaidPart[];
export type SaidPart = string | 0 | [name: string] | [name: string, kind: "p" | "s", cases: Cases, offset?: number];
type Cases = Record<string, Said>;
type Values = Record<string, unknown> | undefined;

// Made once per language: each costs far more to make than to use.
const numbers: Record<string, Intl.NumberFormat> = {};
const plurals: Record<string, Intl.PluralRules> = {};
const numberFormat = (language: string): Intl.NumberFormat => {
  numbers[language] ??= new Intl.NumberFormat(language);
  return numbers[language];
};
const pluralRules = (language: string): Intl.PluralRules => {
  plurals[language] ??= new Intl.PluralRules(language);
  return plurals[language];
};

const caseOf = (cases: Cases, key: string): Said | undefined => (Object.hasOwn(cases, key) ? cases[key] : undefined);

/** `said` in words, in `language` (its plural rules and digits), with `values` in its placeholders. */
export function sayIn(language: string, said: Said, values: Values, count = 0): string {
  if (typeof said === "string") return said;
  let text = "";
  for (const part of said) {
    if (typeof part === "string") text += part;
    else if (part === 0) text += numberFormat(language).format(count);
    else {
      const [name, kind, cases, offset = 0] = part;
      const value = values?.[name];
      if (kind === undefined) text += value;
      else if (kind === "s") text += sayIn(language, caseOf(cases!, String(value)) ?? cases!.other!, values, count);
      else {
        // As ICU: an exact case wins over the value's category; the category and `#` are of the value less the offset.
        const n = (value as number) - offset;
        const category = pluralRules(language).select(n);
        text += sayIn(language, caseOf(cases!, `=${value}`) ?? caseOf(cases!, category) ?? cases!.other!, values, n);
      }
    }
  }
  return text;
}
