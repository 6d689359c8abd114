import type { StoreSettings } from "../../../commerce/store-settings";
import type { CartAnswer } from "../../cart/cart-answer";
import { envelope, priceOf, type UcpMessage } from "../ucp";

/** The store's cart answer as UCP's cart, with the choices each line was added with and how it is fulfilled. */
export function ucpCart(settings: StoreSettings, cartId: string, cart: CartAnswer) {
  const price = (major: number) => priceOf(settings, major).amount;
  const messages: UcpMessage[] = [
    ...(cart.delivery_message ? [{ type: "info" as const, code: "delivery", content: cart.delivery_message }] : []),
    ...(cart.coupon_message
      ? [{ type: cart.coupon_applied ? ("info" as const) : ("warning" as const), code: "coupon", content: cart.coupon_message }]
      : []),
    ...(cart.discount_eligibility_message ? [{ type: "info" as const, code: "discount", content: cart.discount_eligibility_message }] : []),
    ...cart.cartItems.flatMap((line) =>
      line.available ? [] : [{ type: "warning" as const, code: "line_unavailable", content: line.name }],
    ),
  ];
  return {
    ucp: envelope("dev.ucp.shopping.cart"),
    id: cartId,
    branch_id: cart.cartDetails.branch_id,
    currency: settings.currency.currencyCode,
    line_items: cart.cartItems.map((line) => ({
      id: String(line.id),
      item: { id: String(line.product_id), title: line.name, price: price(line.unit_price) },
      quantity: line.quantity,
      selected_options: Object.entries(line.selectedAttributes).map(([option, value]) => ({ option_id: Number(option), value_id: value })),
      selected_add_ons: Object.entries(line.selectedMultiAttributes).map(([group, values]) => ({
        group_id: Number(group),
        value_ids: values,
      })),
      description: line.options,
      available: line.available,
      totals: [
        { type: "subtotal", amount: price(line.line_total) },
        { type: "total", amount: price(line.line_total) },
      ],
    })),
    fulfillment: {
      type: cart.cartDetails.fulfillment,
      pickup_available: cart.cartDetails.pickup_available,
      delivery_available: cart.is_delivery_available,
      destination: cart.cartDetails.delivery_location,
    },
    discounts: { codes: cart.customer_applied_coupon ? [cart.customer_applied_coupon] : [], applied: cart.coupon_applied },
    totals: [
      { type: "subtotal", amount: price(cart.subtotal) },
      { type: "discount", amount: price(cart.total_discount) },
      { type: "fulfillment", amount: price(cart.delivery_charge) },
      { type: "tax", amount: price(cart.tax_amount) },
      ...cart.applied_additional_fees.map((fee) => ({ type: "fee", display_text: fee.name, amount: price(fee.amount) })),
      { type: "total", amount: price(cart.total) },
    ],
    ...(messages.length > 0 ? { messages } : {}),
  };
}
