import type { Context } from "hono";
import { openAt } from "../../commerce/branch-areas";
import { issueId } from "../../commerce/i18n/message";
import { parseId } from "../../commerce/ids";
import * as z from "../../commerce/zod";
import { backgroundOf } from "../after-answer";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { setSwitch, WHOLE_STORE } from "../store-switches/store-switches";
import { readDeskForm } from "./desk-form";
import { actorOf, staffOf } from "./desk-identity";
import { deskMessage } from "./desk-message";
import { DeskPage, deskResponse } from "./desk-page";
import { deskViewOf } from "./desk-view";
import { SavedNotice } from "./saved-notice";

/** One switch: a button that turns the store (`target` "store") or a branch (its id) to `open`. */
function SwitchForm({ target, open, label }: { target: string; open: boolean; label: string }) {
  return (
    <form method="post" action="/admin/switches">
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name="open" value={open ? "1" : "0"} />
      <button type="submit" className={open ? undefined : "danger"}>
        {label}
      </button>
    </form>
  );
}

/**
 * /admin/switches: the store open or closed, and each branch, with a button to switch each (decision 087). A branch's
 * opening hours are shown beside its switch: they tell shoppers whether it is open now, while the switch closes it
 * whatever they say.
 */
export async function switchesPage(c: Context<AppEnv>): Promise<Response> {
  const view = deskViewOf(c);
  const { t } = view;
  const branches = await storeBranches(c.env, backgroundOf(c), c.var.tenant);
  const open = c.var.tenant.settings.isOpen;
  const now = new Date();
  return deskResponse(
    <DeskPage view={view} title={t("stock.switches_title")} section="/admin/switches">
      <SavedNotice c={c} view={view} />
      <p>{t("stock.switches_intro")}</p>
      <section aria-labelledby="store">
        <h2 id="store">{t("stock.store_heading")}</h2>
        <p>{t(open ? "stock.store_open" : "stock.store_closed")}</p>
        <SwitchForm target="store" open={!open} label={t(open ? "stock.close_store" : "stock.open_store")} />
      </section>
      <section aria-labelledby="branches">
        <h2 id="branches">{t("stock.branches_heading")}</h2>
        <p>{t("stock.hours_note")}</p>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("stock.branch")}</th>
              <th scope="col">{t("stock.by_hours")}</th>
              <th scope="col">{t("stock.state")}</th>
            </tr>
          </thead>
          <tbody>
            {branches.map((b) => (
              <tr key={b.id}>
                <th scope="row">{b.name}</th>
                <td>{t(openAt(b.hours, b.timeZone, now) ? "location.open_now" : "location.closed_now")}</td>
                <td>
                  <div className="row-form">
                    {t(b.closed ? "stock.branch_closed" : "stock.branch_open")}
                    <SwitchForm
                      target={String(b.id)}
                      open={b.closed}
                      label={t(b.closed ? "stock.open_branch" : "stock.close_branch", { name: b.name })}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </DeskPage>,
  );
}

const switchForm = z.object({
  target: z.string().check(z.regex(/^(store|[1-9]\d{0,9})$/, issueId("errors.form_unreadable"))),
  open: z.enum(["0", "1"], issueId("errors.form_unreadable")),
});

/** POST /admin/switches: one switch turned by the member (`setSwitch` checks their role), then back to the page. */
export async function switchAtDesk(c: Context<AppEnv>): Promise<Response> {
  const form = await readDeskForm(c, deskViewOf(c), switchForm);
  if (!form.ok) return deskMessage(c, 422, "stock.switches_title", () => form.message);
  const { target, open } = form.data;
  const branchId = target === "store" ? WHOLE_STORE : parseId(target);
  // An id past any record's is no branch of this store's.
  if (branchId === null) return deskMessage(c, 404, "stock.switches_title", (t) => t("errors.stock_no_branch", { id: target }));
  await setSwitch(c.env, c.var.tenant.id, branchId, open === "1", actorOf(staffOf(c)));
  return c.redirect("/admin/switches?saved=1", 303);
}
