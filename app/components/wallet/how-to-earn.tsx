import type { RewardRules } from "../../../worker/wallet";
import { Price } from "../price";

/** The store's reward rules in plain words: what a delivered order earns, how much one order may use, how long it lasts. */
export function HowToEarn({ rules }: { rules: RewardRules }) {
  return (
    <section className="card flex flex-col gap-2 p-5 text-sm text-gray-700" aria-labelledby="how-to-earn-title" data-testid="how-to-earn">
      <h2 id="how-to-earn-title" className="font-semibold text-ink">
        How to earn
      </h2>
      {rules.reward_percent > 0 ? (
        <p>Every delivered order earns {rules.reward_percent}% of its total as rewards.</p>
      ) : (
        <p>This store gives no rewards on orders just now.</p>
      )}
      {rules.reward_max_per_order !== null ? (
        <p>
          Up to <Price amount={rules.reward_max_per_order} /> of rewards can be used on each order.
        </p>
      ) : (
        <p>Rewards can pay for any part of an order.</p>
      )}
      {rules.reward_expiry_days !== null ? (
        <p>Rewards lapse {rules.reward_expiry_days} days after they are earned; the soonest to lapse are used first.</p>
      ) : null}
    </section>
  );
}
