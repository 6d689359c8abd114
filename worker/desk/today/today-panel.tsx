import type { DeskLocale } from "../../../commerce/desk/desk-locale";
import type { TodayNumbers } from "../../../commerce/desk/today-numbers";
import { HourFigure } from "../charts/hour-figure";
import { TopProductsFigure } from "../charts/top-products-figure";

/**
 * The desk's "Today": the store's date in its zone, the day's figures (orders, revenue, average order, refunds), then
 * orders and revenue by hour and the top products as charts with their tables. Before the day's first order it says
 * so, and draws no chart. Its sections' headings are h2, under the page's own h1.
 */
export function TodayPanel({ numbers, locale, today }: { numbers: TodayNumbers; locale: DeskLocale; today: boolean }) {
  const { t } = locale;
  // Refunds may come on a day without orders: yesterday's order, cancelled today.
  const refunds = { count: numbers.refunds.count, amount: locale.money(numbers.refunds.amount) };
  const { averageOrder } = numbers;
  return (
    <div className="desk-today">
      <p>{t(today ? "desk.today_in_zone" : "desk.day_in_zone", { date: locale.date(numbers.date), zone: numbers.timeZone })}</p>
      {averageOrder === null ? (
        <>
          <p className="desk-empty">{t(today ? "desk.no_orders_yet" : "desk.no_orders_that_day")}</p>
          {refunds.count > 0 ? <p>{t("desk.refunds_today", refunds)}</p> : null}
        </>
      ) : (
        <>
          <dl className="desk-figures">
            {[
              [t("desk.orders"), locale.count(numbers.orders)],
              [t("desk.revenue"), locale.money(numbers.revenue)],
              [t("desk.average_order"), locale.money(averageOrder)],
              [t("desk.refunds"), t("desk.refunds_value", refunds)],
            ].map(([name, figure]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{figure}</dd>
              </div>
            ))}
          </dl>
          <h2>{t("desk.hours_heading")}</h2>
          <HourFigure id="today-hours" hours={numbers.hours} locale={locale} />
          <h2>{t("desk.top_heading")}</h2>
          <TopProductsFigure id="today-top-units" by="units" products={numbers.topByUnits} locale={locale} />
          <TopProductsFigure id="today-top-revenue" by="revenue" products={numbers.topByRevenue} locale={locale} />
        </>
      )}
    </div>
  );
}
