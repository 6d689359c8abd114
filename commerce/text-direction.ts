/**
 * Which way a language's text runs, for `<html dir>`: pages lay themselves out with logical properties (start and end,
 * decision 076), so this one attribute turns a whole store round. A table rather than `Intl.Locale#getTextInfo`, which
 * not every runtime has, so that the answer is the same wherever it runs; and one regular expression rather than sets
 * and a parser. The root loader decides it (app/lib/page-languages.server.ts), so the browser's bundle carries none.
 */

export type TextDirection = "ltr" | "rtl";

/**
 * Right to left: a tag whose language's usual script runs so (BCP 47 primary subtags, with the deprecated `iw` and `ji`
 * old tags still carry) unless the tag names another script (`ku-Latn`), or a tag that names a right-to-left script
 * itself (ISO 15924: `az-Arab`, `pa-Arab`). A four-letter subtag is always a script; regions have two letters or
 * three digits, so `es-AR` is Spanish in Argentina.
 */
const RIGHT_TO_LEFT =
  /^(?:ar|arc|ckb|dv|fa|he|iw|ji|ks|mzn|nqo|pnb|prs|ps|sd|syr|ug|ur|yi)(?![a-z])(?![-_][a-z]{4}(?![a-z]))|[-_](?:adlm|arab|hebr|mand|mend|nkoo|rohg|samr|syrc|thaa|yezi)(?![a-z])/i;

/** 'rtl' for a language or locale tag written right to left (`ar`, `he-IL`, `fa`, `ur-PK`, `az-Arab`), else 'ltr'. */
export function textDirection(languageOrLocale: string): TextDirection {
  return RIGHT_TO_LEFT.test(languageOrLocale.trim()) ? "rtl" : "ltr";
}
