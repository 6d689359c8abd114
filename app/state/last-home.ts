import type { HomeData } from "../route-data";

let lastHome: HomeData | null = null;

/** Keeps the home page's data from its last render, so dialogs open above it without fetching it again. */
export function rememberHome(data: HomeData): void {
  lastHome = data;
}

export function rememberedHome(): HomeData | null {
  return lastHome;
}

/** Another branch was chosen: the home's menu is another, fetched again when next shown. */
export function forgetHome(): void {
  lastHome = null;
}
