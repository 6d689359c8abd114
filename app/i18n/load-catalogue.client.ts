import type { InterfaceLanguage } from "../../commerce/languages";
import type { Catalogue } from "./catalogue";

// One chunk per language: a page fetches its own language's messages and no other's (decision 077).
const CHUNKS: Record<InterfaceLanguage, () => Promise<{ default: Catalogue }>> = {
  en: () => import("./compiled/en.js"),
  de: () => import("./compiled/de.js"),
  hi: () => import("./compiled/hi.js"),
  ar: () => import("./compiled/ar.js"),
  "en-XA": () => import("./compiled/en-XA.js"),
};

export async function loadCatalogue(language: InterfaceLanguage): Promise<Catalogue> {
  return (await (CHUNKS[language] ?? CHUNKS.en)()).default;
}
