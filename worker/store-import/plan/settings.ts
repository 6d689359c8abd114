import { sanitizeHtml } from "../../html/sanitize-html";
import type { ImportStep } from "./rows";

/** The store's settings as key/value rows, with the ones the importer derives or cleans rather than takes as written. */
export const settingsRows: ImportStep = ({ store, tenantId }) => {
  const settings: Record<string, string> = { ...store.settings };
  if (settings.powered_by_zepio !== undefined) settings.powered_by_zepio = sanitizeHtml(settings.powered_by_zepio);
  // The preview home shows until the store has a product; the flag follows the catalogue.
  if (store.products.length > 0) settings.addedProduct = "true";
  return [
    {
      table: "site_settings",
      columns: ["tenant_id", "key", "value"],
      rows: Object.entries(settings).map(([k, v]) => [tenantId, k, v]),
    },
  ];
};
