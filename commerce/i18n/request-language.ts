import {
  type InterfaceLanguage,
  interfaceLanguageOf,
  PSEUDO_LANGUAGE,
  type ShippedLanguage,
  SOURCE_LANGUAGE,
  shippedLanguageOf,
} from "../languages";

/** The store's settings a caller's language is chosen from: its own language and the ones it offers. */
export interface SpokenLanguages {
  language: string;
  languages: readonly ShippedLanguage[];
}

/** `Accept-Language`'s tags, most wanted first (equal weights keep their order); tags weighted 0 are refused, not wanted. */
function wantedTags(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== "" && entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language an HTTP caller of /api is answered in: the first language its `Accept-Language` names that the store's
 * interface speaks (its own, or one it offers), else the store's own. The pseudo-language only with the dev flag. A
 * caller with no store (the platform's calls) is answered in English.
 */
export function callerLanguageOf(acceptLanguage: string | undefined, store: SpokenLanguages | null, pseudo = false): InterfaceLanguage {
  if (!store) return SOURCE_LANGUAGE;
  const own = interfaceLanguageOf(store.language);
  const spoken = new Set<string>([own, ...store.languages]);
  for (const tag of wantedTags(acceptLanguage ?? "")) {
    if (pseudo && tag.toLowerCase() === PSEUDO_LANGUAGE.toLowerCase()) return PSEUDO_LANGUAGE;
    const shipped = shippedLanguageOf(tag);
    if (shipped && spoken.has(shipped)) return shipped;
  }
  return own;
}
