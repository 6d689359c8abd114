import type { CartAnswer } from "../../../worker/cart/cart-answer";
import { Price } from "../price";

/** The cart's figures in the order the pricing engine computes them (commerce/pricing.ts). */
export function CartSummary({ cart }: { cart: CartAnswer }) {
  const rows: [string, number, string][] = [
    ["Items (MRP)", cart.total_original_price, "total-original"],
    ["Product discount", -cart.product_price_discount, "product-discount"],
    ["Subtotal", cart.subtotal, "subtotal"],
    ["Order discount", -cart.order_discount_amount, "order-discount"],
    ["Delivery charge", cart.delivery_charge, "delivery-charge"],
    ["Delivery discount", -cart.shipping_discount_amount, "shipping-discount"],
    ...cart.applied_additional_fees.map((fee): [string, number, string] => [fee.name, fee.amount, `fee-${fee.id}`]),
    ["Tax", cart.tax_amount, "tax"],
  ];
  return (
    <section className="card p-4" aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title" className="mb-2 font-semibold text-ink">
        Bill details
      </h2>
      {/* A <dl> holds only its term and value rows: the notes between them sit outside it. */}
      <div className="space-y-1 text-sm">
        <dl className="space-y-1">
          {rows
            // Subtotal always shows; so does the delivery charge, even when free, unless the shopper collects.
            .filter(
              ([, amount, id]) =>
                amount !== 0 || id === "subtotal" || (id === "delivery-charge" && cart.cartDetails.fulfillment === "delivery"),
            )
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
        {cart.show_delivery_distance && cart.delivery_distance !== null ? (
          <p className="text-xs text-gray-600">Delivery distance {cart.delivery_distance} km</p>
        ) : null}
        <dl>
          <div
            className="mt-2 flex justify-between gap-4 border-t border-gray-200 pt-2 text-base font-semibold"
            data-testid="summary-total"
          >
            <dt>Total</dt>
            <dd>
              <Price amount={cart.total} />
            </dd>
          </div>
        </dl>
        {cart.total_discount > 0 ? (
          <p className="text-sm text-green-700" data-testid="summary-saved">
            You save <Price amount={cart.total_discount} />
          </p>
        ) : null}
      </div>
    </section>
  );
}
