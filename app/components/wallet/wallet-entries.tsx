import { Link } from "@remix-run/react";
import { walletEntryText } from "../../../commerce/wallet-entry-text";
import type { WalletEntryAnswer } from "../../../worker/wallet";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { OrderDate } from "../account/order-date";
import { Price } from "../price";

/**
 * A wallet's history: what each entry was (an order's links to it), when, and by how much the balance moved; a
 * credit that lapses says when (or that it did). Dates in the store's time zone.
 */
export function WalletEntries({ entries, now }: { entries: WalletEntryAnswer[]; now: string }) {
  const t = useT();
  return (
    <ul className="card flex flex-col divide-y divide-gray-200">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm" data-testid="wallet-entry">
          <span className="flex min-w-0 flex-col gap-0.5">
            <span className="text-ink" data-testid="wallet-entry-text">
              {entry.order_id ? (
                <Link to={`/account/my-orders/${entry.order_id}`} className="underline">
                  {walletEntryText(t, entry.source, entry.order_number)}
                </Link>
              ) : (
                walletEntryText(t, entry.source, entry.order_number)
              )}
            </span>
            <span className="text-gray-700">
              <OrderDate iso={entry.created_at} withTime />
            </span>
            {entry.expires_at && entry.amount > 0 ? (
              <span className="text-gray-700" data-testid="wallet-entry-lapse">
                {withElements(entry.expires_at <= now ? t("wallet.lapsed", slots("date")) : t("wallet.lapses", slots("date")), {
                  date: <OrderDate iso={entry.expires_at} />,
                })}
              </span>
            ) : null}
          </span>
          <span className={entry.amount < 0 ? "shrink-0 text-gray-700" : "shrink-0 text-green-700"} data-testid="wallet-entry-amount">
            {entry.amount < 0 ? "− " : "+ "}
            <Price amount={Math.abs(entry.amount)} />
          </span>
        </li>
      ))}
    </ul>
  );
}
