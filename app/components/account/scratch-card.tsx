import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatPrice } from "../../../commerce/money";
import type { ScratchCardAnswer } from "../../../worker/scratch-cards/card-answer";
import type { RedeemAnswer } from "../../../worker/scratch-cards/redeem-card";
import { useHydrated } from "../../lib/use-hydrated";
import { useCurrency } from "../../lib/use-store";
import { Alert } from "../alert";
import { OrderDate } from "./order-date";
import { ScratchSurface } from "./scratch-surface";

/** What the page's action answers the scratch surface's fetcher. */
type RevealData = ({ ok: true; id: string } & RedeemAnswer) | { ok: false; message: string };

/** "₹35 added to your rewards" (or wallet, for a cash card). */
function addedText(amount: string, wallet: ScratchCardAnswer["wallet"]): string {
  return `${amount} added to your ${wallet === "reward" ? "rewards" : "wallet"}`;
}

/**
 * One card: unscratched, a scratch surface (with JavaScript) or a 'Reveal' button (a plain form) over a hidden amount;
 * redeemed, its amount; expired, that. `justRevealed`: the plain form has just revealed it, so it says what was added.
 */
export function ScratchCard({ card, justRevealed }: { card: ScratchCardAnswer; justRevealed: boolean }) {
  const currency = useCurrency();
  const hydrated = useHydrated();
  const fetcher = useFetcher<RevealData>();
  const revealed = fetcher.data?.ok ? fetcher.data : null;
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const amount = revealed?.amount ?? card.amount;
  const status = revealed ? "redeemed" : card.status;
  const title = `Scratch card from order ${card.order_number}`;
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
              {addedText(formatPrice(amount, currency), card.wallet)}
            </p>
          ) : (
            <p className="text-sm text-gray-700">Added to your {card.wallet === "reward" ? "rewards" : "wallet"}.</p>
          )}
        </>
      ) : null}
      {status === "expired" ? (
        <p className="text-sm font-medium text-gray-700" data-testid="scratch-expired">
          Expired
        </p>
      ) : null}
      {status === "unscratched" ? (
        <>
          {hydrated ? (
            <ScratchSurface
              label={`${title}: scratch to reveal`}
              onReveal={() => fetcher.submit({ scratch_card_id: card.id, via: "script" }, { method: "post", preventScrollReset: true })}
            >
              {fetcher.state === "idle" ? "?" : "Revealing…"}
            </ScratchSurface>
          ) : (
            <Form method="post">
              <input type="hidden" name="scratch_card_id" value={card.id} />
              <button type="submit" className="btn-brand w-full" aria-label={`Reveal ${title.toLowerCase()}`} data-testid="reveal-card">
                Reveal
              </button>
            </Form>
          )}
          <p className="text-sm text-gray-700">
            Scratch by <OrderDate iso={card.expires_at} />
          </p>
        </>
      ) : null}
      <Alert message={refusal} testId="scratch-error" />
    </li>
  );
}
