import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { RootData } from "../route-data";
import { privatePageMeta } from "./route-meta";

interface MetaMatch {
  id: string;
  data: unknown;
}

/**
 * A private page's meta with the title its loader said in the page's language (a meta function has no messages of its
 * own); the store's name while the page is its error page, whose loader gave nothing.
 */
export function titledPageMeta(matches: MetaMatch[], title: string | undefined): MetaDescriptor[] {
  const store = (matches.find((match) => match.id === "root")?.data as RootData | undefined)?.store.name ?? "";
  return privatePageMeta(matches, title ?? store);
}
