import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { toMajor, toMinor } from "../../../commerce/money";
import { restMinimum, splitPayment } from "../../../commerce/wallet";
import type { CartAnswer } from "../../../worker/cart/cart-answer";
import type { CheckoutOptions } from "../../../worker/payments";
import type { CheckWalletAnswer } from "../../../worker/wallet";
import { useHydrated } from "../../lib/use-hydrated";
import { useCurrency } from "../../lib/use-store";
import { CardSection } from "../card-section";
import { Price } from "../price";
import { hasWalletBalance, WalletChoice, type WalletTicks } from "./wallet-choice";

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
  const delivery = cart.cartDetails.fulfillment === "delivery";
  const blocker = !cart.cartItems.some((i) => i.available)
    ? "Your cart has nothing that can be ordered."
    : cart.cartItems.some((i) => !i.available)
      ? "Remove the items that are no longer available to continue."
      : delivery && !cart.address
        ? "Choose where to deliver to see your total and place your order."
        : delivery && !cart.is_delivery_available
          ? "We don't deliver to this address. Choose another address or pick up at the branch."
          : null;
  const codTooLarge = options.cod_max_amount !== null && toPay > options.cod_max_amount;
  const methods = options.payment_methods.filter((m) => m.method !== "cod" || !codTooLarge);
  return (
    <CardSection id="place-order" title="Payment" testId="place-order">
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
              <Price amount={heldBack} /> stays in your wallet: the smallest amount left to pay is <Price amount={minimumRest} />.
            </p>
          ) : !hydrated && hasWalletBalance(wallet) ? (
            // Without JavaScript the split is not shown before placing: say the rule the server applies.
            <p className="text-xs text-gray-700" data-testid="wallet-minimum-rule">
              If your wallet would leave less than <Price amount={minimumRest} /> to pay, a little less of it is used.
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm text-gray-700">How will you pay?</legend>
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
                {m.label}
              </label>
            ))}
            {codTooLarge && options.payment_methods.some((m) => m.method === "cod") ? (
              <p className="text-xs text-gray-700" data-testid="cod-limit">
                Cash on delivery is available for orders up to <Price amount={options.cod_max_amount!} />.
              </p>
            ) : null}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm text-ink">
            A note for the store (optional)
            <textarea
              name="note"
              maxLength={500}
              rows={2}
              className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none"
              data-testid="order-note"
            />
          </label>
          <button type="submit" className="btn-brand" disabled={placing} data-testid="place-order-button">
            {placing ? "Placing your order…" : "Place order"} · <Price amount={toPay} />
          </button>
          {options.cancel_window_minutes > 0 ? (
            <p className="text-xs text-gray-700">You can cancel within {options.cancel_window_minutes} minutes of placing your order.</p>
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
