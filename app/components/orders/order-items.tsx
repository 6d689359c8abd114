import { Link } from "@remix-run/react";
import type { OrderLineAnswer } from "../../../worker/orders";
import { useT } from "../../i18n/use-t";
import { CardSection } from "../card-section";
import { Price } from "../price";

/** The order's lines as they were bought: name (linking to the product while it is sold), options, quantity, total. */
export function OrderItems({ items }: { items: OrderLineAnswer[] }) {
  const t = useT();
  return (
    <CardSection id="order-items" title={t("orders.items")}>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 text-sm" data-testid="order-item">
            <span className="flex flex-col">
              {item.slug ? (
                <Link to={`/product/${item.slug}`} className="font-medium text-ink underline">
                  {item.name}
                </Link>
              ) : (
                <span className="font-medium text-ink">{item.name}</span>
              )}
              {item.options.length ? <span className="text-gray-600">{item.options.join(", ")}</span> : null}
              <span className="text-gray-600">{t("cart.quantity", { quantity: item.quantity })}</span>
            </span>
            <Price amount={item.line_total} />
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
