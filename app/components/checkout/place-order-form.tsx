import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { toMajor, toMinor } from "../../../commerce/money";
import { restMinimum, splitPayment } from "../../../commerce/wallet";
import type { CartAnswer } from "../../../worker/cart/cart-answer";
import type { CheckoutOptions } from "../../../worker/payments";
import type { CheckWalletAnswer } from "../../../worker/wallet";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { useHydrated } from "../../lib/use-hydrated";
import { useCurrency } from "../../lib/use-store";
import { CardSection } from "../card-section";
import { Price } from "../price";
import { hasWalletBalance, WalletChoice, type WalletTicks } from "./wallet-choice";

/** Each way to pay by its code (the API's labels are its own words). */
const METHOD_TEXT = { cod: "checkout.method_cod", online: "checkout.method_online" } as const;

/**
 * 'Place order': the note, the way to pay and the button, in one form post. The address, fulfillment and total go with
 * it as shown above, so the server places exactly what the shopper saw (or refuses with the new total). With a wallet
 * balance, 'Pay with wallet' comes first, and the way to pay covers what the wallets leave.
 */
export function PlaceOrderForm({
  cart,
  options,
  wallet,
  idempotencyKey,
}: {
  cart: CartAnswer;
  options: CheckoutOptions;
  wallet: CheckWalletAnswer;
  idempotencyKey: string;
}) {
  const placing = useNavigation().formData?.get("intent") === "place";
  const [ticks, setTicks] = useState<WalletTicks>({ useWallet: false, useReward: false });
  const { toPay, heldBack, minimumRest } = useToPay(cart.total, wallet, ticks);
  const hydrated = useHydrated();
  const t = useT();
  const delivery = cart.cartDetails.fulfillment === "delivery";
  const blocker = !cart.cartItems.some((i) => i.available)
    ? t("checkout.blocker_nothing")
    : cart.cartItems.some((i) => !i.available)
      ? t("checkout.blocker_unavailable")
      : delivery && !cart.address
        ? t("checkout.blocker_no_address")
        : delivery && !cart.is_delivery_available
          ? t("checkout.blocker_not_delivered")
          : null;
  const codTooLarge = options.cod_max_amount !== null && toPay > options.cod_max_amount;
  const methods = options.payment_methods.filter((m) => m.method !== "cod" || !codTooLarge);
  return (
    <CardSection id="place-order" title={t("checkout.payment_title")} testId="place-order">
      {blocker ? (
        <p className="text-sm text-ink" data-testid="checkout-blocker">
          {blocker}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="key" value={idempotencyKey} />
          <input type="hidden" name="fulfillment" value={cart.cartDetails.fulfillment} />
          {delivery && cart.address ? <input type="hidden" name="address_id" value={cart.address.id} /> : null}
          <input type="hidden" name="expected_total" value={cart.total} />
          {hasWalletBalance(wallet) ? <WalletChoice wallet={wallet} ticks={ticks} onTicks={setTicks} toPay={toPay} /> : null}
          {heldBack > 0 ? (
            <p className="text-xs text-gray-700" data-testid="wallet-held-back">
              {withElements(t("checkout.wallet_held_back", slots("held", "minimum")), {
                held: <Price amount={heldBack} />,
                minimum: <Price amount={minimumRest} />,
              })}
            </p>
          ) : !hydrated && hasWalletBalance(wallet) ? (
            // Without JavaScript the split is not shown before placing: say the rule the server applies.
            <p className="text-xs text-gray-700" data-testid="wallet-minimum-rule">
              {withElements(t("checkout.wallet_minimum_rule", slots("minimum")), { minimum: <Price amount={minimumRest} /> })}
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm text-gray-700">{t("checkout.how_pay")}</legend>
            {methods.map((m, index) => (
              <label key={m.method} className="flex items-center gap-2 text-sm text-ink" data-testid={`pay-${m.method}`}>
                <input
                  type="radio"
                  name="payment_method"
                  value={m.method}
                  defaultChecked={index === 0}
                  // Nothing left to pay: no way to pay is needed (the server ignores the one sent).
                  required={toPay > 0}
                  className="accent-brand"
                />
                {t(METHOD_TEXT[m.method])}
              </label>
            ))}
            {codTooLarge && options.payment_methods.some((m) => m.method === "cod") ? (
              <p className="text-xs text-gray-700" data-testid="cod-limit">
                {withElements(t("checkout.cod_limit", slots("amount")), { amount: <Price amount={options.cod_max_amount!} /> })}
              </p>
            ) : null}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm text-ink">
            {t("checkout.note_label")}
            <textarea
              name="note"
              maxLength={500}
              rows={2}
              className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none"
              data-testid="order-note"
            />
          </label>
          <button type="submit" className="btn-brand" disabled={placing} data-testid="place-order-button">
            {placing ? t("checkout.placing") : t("checkout.place_order")} · <Price amount={toPay} />
          </button>
          {options.cancel_window_minutes > 0 ? (
            <p className="text-xs text-gray-700">{t("checkout.cancel_window", { minutes: options.cancel_window_minutes })}</p>
          ) : null}
        </Form>
      )}
    </CardSection>
  );
}

/**
 * What is left to pay after the ticked wallets, as the server will split it (commerce/wallet.ts, with the same smallest
 * rest), and the wallet credit held back for it, in major units.
 */
function useToPay(total: number, wallet: CheckWalletAnswer, ticks: WalletTicks): { toPay: number; heldBack: number; minimumRest: number } {
  const { decimalPlaces, currencyCode } = useCurrency();
  const minor = (major: number | null) => (major === null ? null : (toMinor(major, decimalPlaces) ?? 0));
  const split = splitPayment({
    total: minor(total) ?? 0,
    cashBalance: minor(wallet.wallet_balance) ?? 0,
    rewardBalance: minor(wallet.reward_balance) ?? 0,
    rewardCap: minor(wallet.reward_max_per_order),
    useCash: ticks.useWallet,
    useReward: ticks.useReward,
    minimumRest: restMinimum(currencyCode),
  });
  return {
    toPay: toMajor(split.rest, decimalPlaces),
    heldBack: toMajor(split.heldBack, decimalPlaces),
    minimumRest: toMajor(restMinimum(currencyCode), decimalPlaces),
  };
}
