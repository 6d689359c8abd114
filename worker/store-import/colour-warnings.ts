import { readableStoreColours, type StoreColourSettings } from "../../commerce/store-colours";

/**
 * Store colours are the owner's choice, so a colour that fails contrast is adjusted where it is drawn rather
 * than refused; the importer says so, naming the setting and the ratio, so the owner can pick better ones.
 */
export function colourWarnings(settings: StoreColourSettings): string[] {
  return readableStoreColours(settings).adjustments.map(
    (a) =>
      `settings.${a.setting}: ${settings[a.setting] ?? "the default"} reaches ${a.ratio.toFixed(2)}:1 ${a.where} ` +
      `(WCAG AA needs ${a.required}:1); the store shows ${a.becomes} there instead`,
  );
}
