/** Page kinds whose titles and descriptions take the store's SEO prefix and suffix. */
export type SeoKind = "product" | "category" | "page" | "general";

const KEY_PART: Record<Exclude<SeoKind, "general">, string> = { product: "Product", category: "Category", page: "Page" };

function affix(settings: Readonly<Record<string, string | undefined>>, kind: SeoKind, field: "Title" | "Description", text: string) {
  if (kind === "general") return text;
  const part = KEY_PART[kind];
  return `${settings[`seo${part}${field}Prefix`] ?? ""}${text}${settings[`seo${part}${field}Suffix`] ?? ""}`.trim();
}

/** The spec's SEO rule: prefix + text + suffix by page kind; the general kind uses the text as it is. */
export function seoMeta(
  settings: Readonly<Record<string, string | undefined>>,
  kind: SeoKind,
  text: { title: string; description?: string },
): { title: string; description: string } {
  return {
    title: affix(settings, kind, "Title", text.title),
    description: affix(settings, kind, "Description", text.description ?? settings.seo_meta_description ?? ""),
  };
}
