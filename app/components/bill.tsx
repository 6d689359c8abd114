import type { ReactNode } from "react";
import { useT } from "../i18n/use-t";
import { slots, withElements } from "../i18n/with-elements";
import { Price } from "./price";

/** The figures a bill shows: a cart's (CartAnswer) and an order's (OrderAnswer.bill) both have them, in major units. */
export interface BillFigures {
  total_original_price: number;
  product_price_discount: number;
  subtotal: number;
  order_discount_amount: number;
  delivery_charge: number;
  shipping_discount_amount: number;
  applied_additional_fees: { name: string; amount: number }[];
  tax_amount: number;
  total: number;
  total_discount: number;
}

/** What the wallets paid of an order and what is left (OrderAnswer.bill): shown under the total when a wallet paid. */
export interface BillTenders {
  reward_amount: number;
  wallet_amount: number;
  to_pay: number;
}

/**
 * The one way a bill is drawn, for a cart and for an order: the rows in the order the pricing engine computes them
 * (commerce/pricing.ts), then the total and the saving. `note` sits between the rows and the total.
 */
export function Bill({
  bill,
  delivery,
  note,
  titleId,
  testId,
  tenders,
}: {
  bill: BillFigures;
  /** An order's wallet payments: "Paid from rewards", "Paid from wallet" and "To pay" follow the total. */
  tenders?: BillTenders | undefined;
  /** Whether the goods are delivered: the delivery charge then shows even when free. */
  delivery: boolean;
  note?: ReactNode;
  titleId: string;
  testId: string;
}) {
  const t = useT();
  const rows: [string, number, string][] = [
    [t("cart.bill_items_mrp"), bill.total_original_price, "total-original"],
    [t("cart.bill_product_discount"), -bill.product_price_discount, "product-discount"],
    [t("cart.bill_subtotal"), bill.subtotal, "subtotal"],
    [t("cart.bill_order_discount"), -bill.order_discount_amount, "order-discount"],
    [t("cart.bill_delivery_charge"), bill.delivery_charge, "delivery-charge"],
    [t("cart.bill_delivery_discount"), -bill.shipping_discount_amount, "shipping-discount"],
    // A fee's name is the store's own.
    ...bill.applied_additional_fees.map((fee, i): [string, number, string] => [fee.name, fee.amount, `fee-${i}`]),
    [t("cart.bill_tax"), bill.tax_amount, "tax"],
  ];
  return (
    <section className="card p-4" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="mb-2 font-semibold text-ink">
        {t("cart.bill_title")}
      </h2>
      {/* A <dl> holds only its term and value rows: the notes between them sit outside it. */}
      <div className="space-y-1 text-sm">
        <dl className="space-y-1">
          {rows
            // Subtotal always shows; so does the delivery charge, even when free, unless the shopper collects.
            .filter(([, amount, id]) => amount !== 0 || id === "subtotal" || (id === "delivery-charge" && delivery))
            .map(([label, amount, id]) => (
              <div key={id} className="flex justify-between gap-4" data-testid={`summary-${id}`}>
                <dt className="text-gray-600">{label}</dt>
                <dd className={amount < 0 ? "text-green-700" : "text-ink"}>
                  {amount < 0 ? "− " : ""}
                  <Price amount={Math.abs(amount)} />
                </dd>
              </div>
            ))}
        </dl>
        {note}
        <dl>
          <div
            className="mt-2 flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold"
            data-testid="summary-total"
          >
            <dt>{t("cart.bill_total")}</dt>
            <dd>
              <Price amount={bill.total} />
            </dd>
          </div>
          {tenders && tenders.reward_amount + tenders.wallet_amount > 0 ? <TenderRows tenders={tenders} /> : null}
        </dl>
        {bill.total_discount > 0 ? (
          <p className="text-sm text-green-700" data-testid="summary-saved">
            {withElements(t("cart.bill_you_save", slots("amount")), { amount: <Price amount={bill.total_discount} /> })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Wallets are tenders after tax: the total stays, and what they paid comes off what is left to pay. */
function TenderRows({ tenders }: { tenders: BillTenders }) {
  const t = useT();
  const rows: [string, number, string][] = [
    [t("cart.bill_paid_rewards"), tenders.reward_amount, "paid-rewards"],
    [t("cart.bill_paid_wallet"), tenders.wallet_amount, "paid-wallet"],
  ];
  return (
    <>
      {rows
        .filter(([, amount]) => amount > 0)
        .map(([label, amount, id]) => (
          <div key={id} className="mt-1 flex justify-between gap-4" data-testid={`summary-${id}`}>
            <dt className="text-gray-600">{label}</dt>
            <dd className="text-green-700">
              − <Price amount={amount} />
            </dd>
          </div>
        ))}
      <div className="mt-1 flex justify-between gap-4 font-semibold" data-testid="summary-to-pay">
        <dt>{t("cart.bill_to_pay")}</dt>
        <dd>
          <Price amount={tenders.to_pay} />
        </dd>
      </div>
    </>
  );
}
