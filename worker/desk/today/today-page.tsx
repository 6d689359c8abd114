import type { Context } from "hono";
import { deskLocale } from "../../../commerce/desk/desk-locale";
import { dayOfDate, type LocalDay, localDay } from "../../../commerce/desk/local-day";
import { pageSpeedRows } from "../../../commerce/desk/page-speed";
import type { AppEnv } from "../../app-env";
import { pageSpeedReport } from "../../page-speed/report";
import { PageSpeedFigure } from "../charts/page-speed-figure";
import { deskMessage } from "../desk-message";
import { DeskPage, deskResponse } from "../desk-page";
import { type DeskView, deskViewOf } from "../desk-view";
import { todayNumbers } from "./today-numbers";
import { TodayPanel } from "./today-panel";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day asked for (`?day=2026-12-04`), else today; null for a day that is no date or is still to come. */
function askedDay(c: Context<AppEnv>, today: LocalDay): LocalDay | null {
  const asked = c.req.query("day");
  if (asked === undefined || asked === "" || asked === today.date) return today;
  const day = dayOfDate(asked, c.var.tenant.settings.timeZone);
  return day && day.date < today.date ? day : null;
}

function DayChooser({ view, day, today }: { view: DeskView; day: LocalDay; today: LocalDay }) {
  const { t } = view;
  const previous = new Date(Date.parse(`${day.date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const next = new Date(Date.parse(`${day.date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return (
    <form method="get" action="/admin/today" className="day-chooser">
      <label>
        {t("desk.day_label")}
        <input type="date" name="day" defaultValue={day.date} max={today.date} required />
      </label>
      <button type="submit" className="quiet">
        {t("desk.day_show")}
      </button>
      <a href={`/admin/today?day=${previous}`}>{t("desk.day_previous")}</a>
      {day.date < today.date ? <a href={next === today.date ? "/admin/today" : `/admin/today?day=${next}`}>{t("desk.day_next")}</a> : null}
      {day.date < today.date ? <a href="/admin/today">{t("desk.day_today")}</a> : null}
    </form>
  );
}

/**
 * /admin/today: a day's numbers (today's unless another past day is asked for) and real shoppers' page speed that day
 * (decision 084), as charts with their tables, drawn on the server (decision 085). Any staff role may read it.
 */
export async function todayPage(c: Context<AppEnv>): Promise<Response> {
  const view = deskViewOf(c);
  const store = c.var.tenant;
  const now = Date.now();
  const today = localDay(now, store.settings.timeZone);
  const day = askedDay(c, today);
  if (!day) return deskMessage(c, 400, "desk.nav_today", (t) => t("desk.day_refused"));
  const isToday = day.date === today.date;
  const [numbers, speed] = await Promise.all([
    todayNumbers(c.env.DB, store, isToday ? now : day.start),
    pageSpeedReport(c.env.DB, store.id, day.date),
  ]);
  const locale = deskLocale(view.t, view.language, store.settings.currency);
  return deskResponse(
    <DeskPage view={view} title={view.t("desk.nav_today")} section="/admin/today">
      <DayChooser view={view} day={day} today={today} />
      <TodayPanel numbers={numbers} locale={locale} today={isToday} />
      <h2>{view.t("desk.speed_heading")}</h2>
      <p>{view.t("desk.speed_intro")}</p>
      <PageSpeedFigure id="today-speed" rows={pageSpeedRows(speed)} locale={locale} />
    </DeskPage>,
  );
}
