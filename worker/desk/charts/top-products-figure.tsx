import type { DeskLocale } from "../../../commerce/desk/desk-locale";
import type { TopProduct } from "../../../commerce/desk/today-numbers";
import { BarChart } from "./bar-chart";
import { ChartFigure } from "./chart-figure";
import { PALETTE } from "./palette";

/** The day's top products by units sold or by revenue: a bar per product, and beside it a table with both figures. */
export function TopProductsFigure({
  id,
  by,
  products,
  locale,
}: {
  id: string;
  by: "units" | "revenue";
  products: readonly TopProduct[];
  locale: DeskLocale;
}) {
  const { t } = locale;
  const units = by === "units";
  return (
    <ChartFigure
      id={id}
      pictures={
        <BarChart
          id={id}
          title={t(units ? "desk.top_units_chart" : "desk.top_revenue_chart")}
          rows={products.map((p) => ({
            label: p.name,
            value: units ? p.units : p.revenue,
            text: units ? locale.count(p.units) : locale.money(p.revenue),
          }))}
          colour={units ? PALETTE.count : PALETTE.money}
          dir={locale.dir}
        />
      }
      caption={t(units ? "desk.top_units_caption" : "desk.top_revenue_caption")}
      head={[t("desk.col_product"), t("desk.col_units"), t("desk.col_revenue")]}
      rows={products.map((p) => [p.name, locale.count(p.units), locale.money(p.revenue)])}
    />
  );
}
