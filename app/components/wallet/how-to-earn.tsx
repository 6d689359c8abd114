import type { RewardRules } from "../../../worker/wallet";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { Price } from "../price";

/** The store's reward rules in plain words: what a delivered order earns, how much one order may use, how long it lasts. */
export function HowToEarn({ rules }: { rules: RewardRules }) {
  const t = useT();
  return (
    <section className="card flex flex-col gap-2 p-5 text-sm text-gray-700" aria-labelledby="how-to-earn-title" data-testid="how-to-earn">
      <h2 id="how-to-earn-title" className="font-semibold text-ink">
        {t("rewards.how_to_earn")}
      </h2>
      {rules.reward_percent > 0 ? (
        <p>{t("rewards.earn_percent", { percent: rules.reward_percent })}</p>
      ) : (
        <p>{t("rewards.no_rewards_now")}</p>
      )}
      {rules.reward_max_per_order !== null ? (
        <p>{withElements(t("rewards.max_per_order", slots("amount")), { amount: <Price amount={rules.reward_max_per_order} /> })}</p>
      ) : (
        <p>{t("rewards.any_part")}</p>
      )}
      {rules.reward_expiry_days !== null ? <p>{t("rewards.lapse_days", { days: rules.reward_expiry_days })}</p> : null}
    </section>
  );
}
