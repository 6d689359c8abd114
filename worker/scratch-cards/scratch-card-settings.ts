import { decimalPlacesFrom } from "../../commerce/money";
import { SCRATCH_CARD_SETTING_KEYS, type ScratchCardRules, scratchCardRules } from "../../commerce/scratch-cards";
import { readSettings } from "../store-data/site-settings";

/** A store's scratch-card rules (commerce/scratch-cards.ts) and its currency precision, from its site settings. */
export async function loadScratchCardRules(
  db: D1Database,
  tenantId: number,
): Promise<{ rules: ScratchCardRules | null; decimalPlaces: number }> {
  const settings = await readSettings(db, tenantId, [...SCRATCH_CARD_SETTING_KEYS, "decimalPlaces"]);
  return { rules: scratchCardRules(settings), decimalPlaces: decimalPlacesFrom(settings.decimalPlaces) };
}
