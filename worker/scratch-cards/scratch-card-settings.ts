import { SCRATCH_CARD_SETTING_KEYS, type ScratchCardRules, scratchCardRules } from "../../commerce/scratch-cards";

/** A store's scratch-card rules (commerce/scratch-cards.ts) and its currency precision, from its site settings. */
export async function loadScratchCardRules(
  db: D1Database,
  tenantId: number,
): Promise<{ rules: ScratchCardRules | null; decimalPlaces: number | null }> {
  const keys = [...SCRATCH_CARD_SETTING_KEYS, "decimalPlaces"].map((k) => `'${k}'`).join(", ");
  const { results } = await db
    .prepare(`SELECT key, value FROM site_settings WHERE tenant_id = ?1 AND key IN (${keys})`)
    .bind(tenantId)
    .all<{ key: string; value: string }>();
  const settings: Record<string, string> = Object.fromEntries(results.map((r) => [r.key, r.value]));
  const decimals = Number(settings.decimalPlaces);
  return { rules: scratchCardRules(settings), decimalPlaces: Number.isInteger(decimals) ? decimals : null };
}
