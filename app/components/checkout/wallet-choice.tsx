import type { ReactNode } from "react";
import type { CheckWalletAnswer } from "../../../worker/wallet";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { useHydrated } from "../../lib/use-hydrated";
import { Price } from "../price";

export interface WalletTicks {
  useWallet: boolean;
  useReward: boolean;
}

/** Whether the shopper has anything in a wallet to pay with: the section shows only then. */
export function hasWalletBalance(wallet: CheckWalletAnswer): boolean {
  return wallet.wallet_balance > 0 || wallet.reward_usable > 0;
}

/**
 * 'Pay with wallet': a box per wallet with a balance, sent with the place-order form (the server works out the amounts
 * from the balances when the order is placed). With JavaScript, "To pay" follows the boxes.
 */
export function WalletChoice({
  wallet,
  ticks,
  onTicks,
  toPay,
}: {
  wallet: CheckWalletAnswer;
  ticks: WalletTicks;
  onTicks: (ticks: WalletTicks) => void;
  toPay: number;
}) {
  const hydrated = useHydrated();
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="wallet-choice">
      <legend className="mb-1 text-sm font-semibold text-ink">{t("checkout.pay_with_wallet")}</legend>
      {wallet.reward_usable > 0 ? (
        <WalletBox name="use_reward" checked={ticks.useReward} onChange={(useReward) => onTicks({ ...ticks, useReward })}>
          {withElements(t("checkout.use_rewards", slots("amount")), { amount: <Price amount={wallet.reward_usable} /> })}
        </WalletBox>
      ) : null}
      {wallet.wallet_balance > 0 ? (
        <WalletBox name="use_wallet" checked={ticks.useWallet} onChange={(useWallet) => onTicks({ ...ticks, useWallet })}>
          {withElements(t("checkout.use_wallet_balance", slots("amount")), { amount: <Price amount={wallet.wallet_balance} /> })}
        </WalletBox>
      ) : null}
      {hydrated ? (
        <p className="flex justify-between text-sm font-semibold text-ink" data-testid="wallet-to-pay" aria-live="polite">
          <span>{t("cart.bill_to_pay")}</span>
          <Price amount={toPay} />
        </p>
      ) : null}
      <p className="text-xs text-gray-700">{t("checkout.wallet_explainer")}</p>
    </fieldset>
  );
}

/** One wallet's box; its test id is its field's name (use-reward, use-wallet). */
function WalletBox({
  name,
  checked,
  onChange,
  children,
}: {
  name: "use_reward" | "use_wallet";
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink" data-testid={name.replace("_", "-")}>
      <input
        type="checkbox"
        name={name}
        value="true"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="accent-brand"
      />
      <span>{children}</span>
    </label>
  );
}
