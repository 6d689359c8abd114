import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatPrice } from "../../../commerce/money";
import type { ScratchCardAnswer } from "../../../worker/scratch-cards/card-answer";
import type { RedeemAnswer } from "../../../worker/scratch-cards/redeem-card";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { useHydrated } from "../../lib/use-hydrated";
import { useCurrency } from "../../lib/use-store";
import { Alert } from "../alert";
import { OrderDate } from "./order-date";
import { ScratchSurface } from "./scratch-surface";

/** What the page's action answers the scratch surface's fetcher. */
type RevealData = ({ ok: true; id: string } & RedeemAnswer) | { ok: false; message: string };

/**
 * One card: unscratched, a scratch surface (with JavaScript) or a 'Reveal' button (a plain form) over a hidden amount;
 * redeemed, its amount; expired, that. `justRevealed`: the plain form has just revealed it, so it says what was added.
 */
export function ScratchCard({ card, justRevealed }: { card: ScratchCardAnswer; justRevealed: boolean }) {
  const t = useT();
  const currency = useCurrency();
  const hydrated = useHydrated();
  const fetcher = useFetcher<RevealData>();
  const revealed = fetcher.data?.ok ? fetcher.data : null;
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const amount = revealed?.amount ?? card.amount;
  const status = revealed ? "redeemed" : card.status;
  const title = t("rewards.card_title", { number: card.order_number });
  const result = useRef<HTMLParagraphElement>(null);

  // The surface is gone once revealed: the keyboard's focus moves to what it revealed.
  useEffect(() => {
    if (revealed) result.current?.focus();
  }, [revealed]);

  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="scratch-card" data-status={status}>
      <h2 className="font-medium text-ink">{title}</h2>
      {status === "redeemed" && amount !== null ? (
        <>
          <p className="text-2xl font-semibold text-ink" data-testid="scratch-amount">
            {formatPrice(amount, currency)}
          </p>
          {revealed || justRevealed ? (
            <p ref={result} tabIndex={-1} role="status" className="text-sm text-green-800" data-testid="scratch-added">
              {card.wallet === "reward"
                ? t("rewards.card_added_rewards", { amount: formatPrice(amount, currency) })
                : t("rewards.card_added_wallet", { amount: formatPrice(amount, currency) })}
            </p>
          ) : (
            <p className="text-sm text-gray-700">{card.wallet === "reward" ? t("rewards.card_in_rewards") : t("rewards.card_in_wallet")}</p>
          )}
        </>
      ) : null}
      {status === "expired" ? (
        <p className="text-sm font-medium text-gray-700" data-testid="scratch-expired">
          {t("rewards.card_expired")}
        </p>
      ) : null}
      {status === "unscratched" ? (
        <>
          {hydrated ? (
            <ScratchSurface
              label={t("rewards.card_scratch_label", { number: card.order_number })}
              call={t("rewards.card_scratch_here")}
              onReveal={() => fetcher.submit({ scratch_card_id: card.id, via: "script" }, { method: "post", preventScrollReset: true })}
            >
              {fetcher.state === "idle" ? "?" : t("rewards.card_revealing")}
            </ScratchSurface>
          ) : (
            <Form method="post">
              <input type="hidden" name="scratch_card_id" value={card.id} />
              <button
                type="submit"
                className="btn-brand w-full"
                aria-label={t("rewards.card_reveal_label", { number: card.order_number.toLowerCase() })}
                data-testid="reveal-card"
              >
                {t("rewards.card_reveal")}
              </button>
            </Form>
          )}
          <p className="text-sm text-gray-700">
            {withElements(t("rewards.card_scratch_by", slots("date")), { date: <OrderDate iso={card.expires_at} /> })}
          </p>
        </>
      ) : null}
      <Alert message={refusal} testId="scratch-error" />
    </li>
  );
}
