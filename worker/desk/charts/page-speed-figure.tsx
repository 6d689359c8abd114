import { shares } from "../../../commerce/desk/chart-geometry";
import type { DeskLocale } from "../../../commerce/desk/desk-locale";
import { isPageKind, type PageSpeedRow, pageSpeedOrder, RATINGS, ratingOf, ratingParts } from "../../../commerce/desk/page-speed";
import { ChartFigure } from "./chart-figure";
import { StackedBars } from "./stacked-bars";

/**
 * Real shoppers' page speed on one day: a stacked bar of good, needs improvement and poor per page kind and metric,
 * each with its 75th percentile and that value's rating in words, and beside it the same as a table with the visits.
 * A day without reports says so instead of drawing an empty chart.
 */
export function PageSpeedFigure({ id, rows, locale }: { id: string; rows: readonly PageSpeedRow[]; locale: DeskLocale }) {
  const { t } = locale;
  if (rows.length === 0) return <p className="desk-empty">{t("desk.speed_empty")}</p>;
  // A kind the desk has no name for yet is named as it was reported.
  const kind = (row: PageSpeedRow) => (isPageKind(row.kind) ? t(`desk.kind_${row.kind}`) : t("desk.kind_unknown", { kind: row.kind }));
  const metric = (row: PageSpeedRow) => row.metric;
  const rated = (row: PageSpeedRow) => ({
    value: locale.metricValue(row.metric, row.p75),
    rating: t(`desk.rating_${ratingOf(row.metric, row.p75)}`),
  });
  const ordered = pageSpeedOrder(rows);
  const ratings = RATINGS.map((rating) => t(`desk.rating_${rating}`));
  return (
    <ChartFigure
      id={id}
      pictures={
        <StackedBars
          id={id}
          title={t("desk.speed_chart")}
          rows={ordered.map((row) => ({
            label: t("desk.speed_row", { kind: kind(row), metric: t(`desk.metric_${metric(row)}_short`) }),
            parts: ratingParts(row),
            note: t("desk.speed_p75", rated(row)),
          }))}
          legend={ratings}
          dir={locale.dir}
        />
      }
      caption={t("desk.speed_caption")}
      head={[t("desk.col_page_kind"), t("desk.col_p75"), ...ratings, t("desk.col_visits")]}
      rows={ordered.map((row) => [
        t("desk.speed_row", { kind: kind(row), metric: t(`desk.metric_${metric(row)}`) }),
        t("desk.speed_rated", rated(row)),
        ...shares(ratingParts(row)).map(locale.percent),
        locale.count(row.samples),
      ])}
      scrolls
    />
  );
}
