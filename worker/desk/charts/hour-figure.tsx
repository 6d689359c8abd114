import { niceAxis } from "../../../commerce/desk/chart-geometry";
import type { DeskLocale } from "../../../commerce/desk/desk-locale";
import type { HourFigures } from "../../../commerce/desk/today-numbers";
import { ChartFigure } from "./chart-figure";
import { ColumnChart } from "./column-chart";
import { PALETTE } from "./palette";

/**
 * The day's orders and revenue by hour: a bar chart of each, and beside them a table of the hours that had orders,
 * with the day's total.
 */
export function HourFigure({ id, hours, locale }: { id: string; hours: readonly HourFigures[]; locale: DeskLocale }) {
  const { t } = locale;
  const orders = hours.map((h) => h.orders);
  const revenue = hours.map((h) => locale.toMajor(h.revenue));
  // Every fourth hour is named under the axis: six names ("12 Uhr", "12 AM") fit apart across a phone.
  const label = (hour: number) => (hour % 4 === 0 ? locale.hour(hour) : null);
  const busy = hours.filter((h) => h.orders > 0);
  const sum = (of: (h: HourFigures) => number) => busy.reduce((total, h) => total + of(h), 0);
  return (
    <ChartFigure
      id={id}
      pictures={
        <>
          <ColumnChart
            id={`${id}-orders`}
            title={t("desk.hours_orders_chart")}
            values={orders}
            axis={niceAxis(Math.max(...orders), { whole: true })}
            tick={locale.count}
            label={label}
            colour={PALETTE.count}
            dir={locale.dir}
          />
          <ColumnChart
            id={`${id}-revenue`}
            title={t("desk.hours_revenue_chart")}
            values={revenue}
            axis={niceAxis(Math.max(...revenue))}
            tick={locale.major}
            label={label}
            colour={PALETTE.money}
            dir={locale.dir}
          />
        </>
      }
      caption={t("desk.hours_caption")}
      head={[t("desk.col_hour"), t("desk.col_orders"), t("desk.col_revenue")]}
      rows={busy.map((h) => [locale.hourSpan(h.hour), locale.count(h.orders), locale.money(h.revenue)])}
      foot={[t("desk.row_total"), locale.count(sum((h) => h.orders)), locale.money(sum((h) => h.revenue))]}
    />
  );
}
