import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { RootData } from "../route-data";
import { type SeoKind, seoMeta } from "./seo";

interface MetaMatch {
  id: string;
  data: unknown;
}

interface PageSeo {
  kind: SeoKind;
  title: string;
  description?: string;
  canonical?: string;
  image?: string | null;
  /** schema.org objects from the loader (app/lib/structured-data.ts). */
  structuredData?: Record<string, unknown>[];
}

/**
 * A page's title, description, canonical link, Open Graph tags and structured data, with the store's
 * SEO prefix and suffix for the page kind (root loader settings).
 */
export function routeMeta(matches: MetaMatch[], page: PageSeo): MetaDescriptor[] {
  const root = rootOf(matches);
  const settings = root?.store.settings ?? {};
  const description = page.description?.trim() ? page.description.trim().slice(0, 300) : undefined;
  const { title, description: fullDescription } = seoMeta(settings, page.kind, { title: page.title, description });
  // Crawlers need absolute image addresses; store images are usually paths on this site.
  const image = page.image && page.canonical ? new URL(page.image, page.canonical).href : page.image;
  return [
    { title },
    { name: "description", content: fullDescription },
    { property: "og:title", content: title },
    { property: "og:description", content: fullDescription },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(page.canonical
      ? [
          { tagName: "link", rel: "canonical", href: page.canonical },
          { property: "og:url", content: page.canonical },
        ]
      : []),
    ...(page.structuredData ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/** The root loader's data among a page's matches. */
const rootOf = (matches: MetaMatch[]) => matches.find((match) => match.id === "root")?.data as RootData | undefined;

/**
 * The title of a page whose loader found nothing (its error boundary shows the 404 page), in the page's language: a
 * `meta` function cannot ask for the page's messages, so the root's loader words it.
 */
export function notFoundMeta(matches: MetaMatch[]): MetaDescriptor[] {
  return [{ title: rootOf(matches)?.pageNotFoundTitle ?? "" }];
}

/** The store's own title, for a page whose loader failed (its error boundary says what happened). */
export function storeTitle(matches: MetaMatch[]): string {
  return rootOf(matches)?.store.seo.title ?? "";
}

/** A page for one shopper (cart, account, sign-in, an order): titled as the store titles pages, kept out of search results. */
export function privatePageMeta(matches: MetaMatch[], title: string): MetaDescriptor[] {
  return [...routeMeta(matches, { kind: "general", title }), { name: "robots", content: "noindex" }];
}
