import { isDesktop } from "./use-desktop";

/**
 * On desktop every route shares the home's scroll key: the home stays under the dialogs, so its
 * position must survive them. On mobile each history entry keeps its own, as usual.
 */
export function scrollKey(location: { key: string }): string {
  return isDesktop() ? "desktop-home" : location.key;
}
