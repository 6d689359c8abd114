import type { Context } from "hono";
import { parseId } from "../../commerce/ids";
import { MAX_STOCK_UNITS, STOCK_TEXT, stockLevel } from "../../commerce/stock";
import { backgroundOf } from "../after-answer";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { deskMessage } from "./desk-message";
import { DeskPage, deskResponse } from "./desk-page";
import { type DeskView, deskViewOf } from "./desk-view";
import { SavedNotice } from "./saved-notice";
import { type StockRow, stockRows } from "./stock-rows";

/**
 * Where the stock page stands: its branch (null: the main one), the name filter and the page, as its links and forms'
 * addresses carry them.
 */
export interface StockPlace {
  branchId: number | null;
  query: string;
  page: number;
}

/** A refused figure, shown beside its product's form. */
export interface StockProblem {
  productId: number;
  message: string;
}

/** The place from the address's text: anything but an id names no branch, and the page is 1 to 5000 (100,000 products). */
export function stockPlaceOf(fields: { branch?: string; q?: string; page?: string }): StockPlace {
  return {
    branchId: fields.branch === undefined ? null : (parseId(fields.branch) ?? 0),
    query: (fields.q ?? "").trim().slice(0, 100),
    page: Math.min(parseId(fields.page) ?? 1, 5000),
  };
}

/** The stock page's address at `place`, for its links and the answer to a form. */
export function stockAddress(place: StockPlace, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(place.branchId === null ? {} : { branch: String(place.branchId) });
  if (place.query) query.set("q", place.query);
  if (place.page > 1) query.set("page", String(place.page));
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `/admin/stock?${query}`;
}

function StockForm({ view, row, place, problem }: { view: DeskView; row: StockRow; place: StockPlace; problem?: string }) {
  const { t } = view;
  const name = `product-${row.id}`;
  return (
    <form method="post" action={stockAddress(place)} className="row-form" noValidate>
      <input type="hidden" name="product_id" value={row.id} />
      {problem ? (
        <p role="alert" id={`${name}-problem`} className="problem">
          {problem}
        </p>
      ) : null}
      <label>
        <span className="visually-hidden">{t("stock.units_of", { name: row.name })}</span>
        <input
          type="number"
          name="quantity"
          min={0}
          max={MAX_STOCK_UNITS}
          inputMode="numeric"
          defaultValue={row.quantity ?? ""}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${name}-problem` : undefined}
        />
      </label>
      {(["units", "out", "uncounted"] as const).map((set) => (
        <button key={set} type="submit" name="set" value={set} className={set === "units" ? undefined : "quiet"} aria-describedby={name}>
          {t(set === "units" ? "stock.set" : set === "out" ? "stock.set_out" : "stock.stop_counting")}
        </button>
      ))}
    </form>
  );
}

/**
 * /admin/stock: a branch's stock of the store's products, a page at a time, with a form per product to set what is left,
 * mark it out of stock or stop counting it (stock-action.ts). `problem`: a figure just refused, and the status it came with.
 */
export async function stockPage(c: Context<AppEnv>, place = stockPlaceOf(c.req.query()), problem?: StockProblem, status = 200) {
  const view = deskViewOf(c);
  const { t } = view;
  const branches = await storeBranches(c.env, backgroundOf(c), c.var.tenant);
  const branch = place.branchId === null ? (branches.find((b) => b.isMain) ?? branches[0]) : branches.find((b) => b.id === place.branchId);
  if (!branch) return deskMessage(c, 404, "stock.title", (t) => t("errors.stock_no_branch", { id: place.branchId ?? 0 }));
  const here = { ...place, branchId: branch.id };
  const { rows, more } = await stockRows(c.env.DB, c.var.tenant.id, branch.id, here.query, here.page);
  const threshold = c.var.tenant.settings.lowStockThreshold;
  // A refused figure whose product is not on this page (its form was sent from an older one) is said above the list.
  const problemHere = problem && rows.some((row) => row.id === problem.productId);
  const levelText = (quantity: number | null) => {
    const level = stockLevel(quantity, threshold);
    return level === null ? t("stock.not_counted") : t("stock.units_level", { count: quantity ?? 0, level: t(STOCK_TEXT[level]) });
  };
  return deskResponse(
    <DeskPage view={view} title={t("stock.title")} section="/admin/stock">
      <SavedNotice c={c} view={view} />
      {problem && !problemHere ? (
        <p role="alert" className="problem">
          {problem.message}
        </p>
      ) : null}
      <p>{t("stock.intro")}</p>
      <form method="get" action="/admin/stock" className="row-form">
        <label>
          {t("stock.branch")}
          <select name="branch" defaultValue={branch.id}>
            {branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("stock.search")}
          <input type="search" name="q" defaultValue={here.query} maxLength={100} />
        </label>
        <button type="submit">{t("stock.show")}</button>
      </form>
      {rows.length === 0 ? (
        <p>{here.query ? t("stock.none_found", { query: here.query }) : t("stock.no_products")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("stock.product")}</th>
              <th scope="col">{t("stock.level", { branch: branch.name })}</th>
              <th scope="col">{t("stock.change")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" id={`product-${row.id}`}>
                  {row.name}
                </th>
                <td>{levelText(row.quantity)}</td>
                <td>
                  <StockForm view={view} row={row} place={here} problem={problem?.productId === row.id ? problem.message : undefined} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {here.page > 1 || more ? (
        <nav aria-label={t("stock.pages")} className="row-form">
          {here.page > 1 ? <a href={stockAddress({ ...here, page: here.page - 1 })}>{t("stock.previous")}</a> : null}
          {more ? <a href={stockAddress({ ...here, page: here.page + 1 })}>{t("stock.next")}</a> : null}
        </nav>
      ) : null}
    </DeskPage>,
    status,
  );
}
