import type { Translate } from "../../commerce/i18n/catalogue";
import { formatPrice } from "../../commerce/money";
import type { StoreSettings } from "../../commerce/store-settings";
import type { OrderHeading } from "../orders";

/** How the desk's order pages say amounts and times: the store's currency format, and its time zone and locale. */
export interface OrderFormat {
  money(amount: number): string;
  time(iso: string): string;
  /** How the order is paid and where that payment stands ("Online payment · Paid"); cash not yet due reads once. */
  payment(order: Pick<OrderHeading, "payment_method" | "payment_status" | "payment_status_text">): string;
}

const METHOD_MESSAGE = { cod: "orders.method_cod", online: "orders.method_online", wallet: "orders.method_wallet" } as const;

export function orderFormatOf(settings: StoreSettings, t: Translate): OrderFormat {
  // One formatter for the page's every time: making one costs far more than formatting with it.
  const when = new Intl.DateTimeFormat(settings.locale, { dateStyle: "medium", timeStyle: "short", timeZone: settings.timeZone });
  return {
    money: (amount) => formatPrice(amount, settings.currency),
    time: (iso) => when.format(new Date(iso)),
    payment: (order) => {
      const method = t(METHOD_MESSAGE[order.payment_method]);
      if (order.payment_status === "cod_pending") return method;
      return t("orders.payment_method_status", { method, status: order.payment_status_text });
    },
  };
}
