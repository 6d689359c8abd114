import { SCRATCH_CARD_SETTING_KEYS, type ScratchCardRules, scratchCardRules } from "../../commerce/scratch-cards";
import { readSettings } from "../store-data/site-settings";

/** A store's scratch-card rules (commerce/scratch-cards.ts) and its currency precision, from its site settings. */
export async function loadScratchCardRules(
  db: D1Database,
  tenantId: number,
): Promise<{ rules: ScratchCardRules | null; decimalPlaces: number | null }> {
  const settings = await readSettings(db, tenantId, [...SCRATCH_CARD_SETTING_KEYS, "decimalPlaces"]);
  const decimals = Number(settings.decimalPlaces);
  return { rules: scratchCardRules(settings), decimalPlaces: Number.isInteger(decimals) ? decimals : null };
}
