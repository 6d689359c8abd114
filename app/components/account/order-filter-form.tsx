import { Form } from "@remix-run/react";
import { ORDER_FILTER_CHOICES, type OrderFilter } from "../../../commerce/order-filter";
import { useT } from "../../i18n/use-t";

/** Which orders to list: a GET form, so the filter is in the address and works without JavaScript. */
export function OrderFilterForm({ status }: { status: OrderFilter | "" }) {
  const t = useT();
  return (
    <Form method="get" className="flex items-end gap-2" data-testid="order-filter">
      <label className="flex flex-col gap-1 text-sm text-gray-700">
        {t("account.filter_show")}
        <select name="status" defaultValue={status} className="rounded-lg border border-gray-300 px-3 py-2 text-ink">
          {ORDER_FILTER_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-outline">
        {t("account.filter")}
      </button>
    </Form>
  );
}
