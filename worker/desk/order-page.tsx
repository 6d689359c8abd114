import type { Context } from "hono";
import type { ReactNode } from "react";
import type { Translate } from "../../commerce/i18n/catalogue";
import { PUBLIC_ID } from "../../commerce/ids";
import type { AppEnv } from "../app-env";
import { loadStoreOrder, type StoreHistoryEntry, type StoreOrderDetail } from "../orders";
import { deskMessage } from "./desk-message";
import { DeskPage, deskResponse } from "./desk-page";
import { type DeskView, deskViewOf } from "./desk-view";
import { MoveSaid, movedNotice } from "./move-said";
import { type OrderFormat, orderFormatOf } from "./order-format";
import { type MoveProblem, OrderMoves } from "./order-moves";

/**
 * /admin/orders/{id}, one order as the staff need it to make and hand it over: its lines with their options and add-ons,
 * the shopper's note, where it goes (or the branch it is collected from), its payment, the customer's name and phone,
 * every move with when and who made it, and the moves it may make now. Read by the owner API's own reader.
 */

interface OrderState {
  notice?: string;
  problem?: MoveProblem;
}

/** Who made a move, as the history keeps it: the member by name, the key by its label, else who in general. */
function moverText(t: Translate, entry: StoreHistoryEntry): string {
  if (entry.staff_name !== null) return t("board.by_staff", { name: entry.staff_name });
  if (entry.key_label) return t("board.by_key", { label: entry.key_label });
  return t(entry.key_label === null ? `board.by_${entry.actor}` : "board.by_key_unnamed");
}

/** One term of the order's facts; one with nothing to say is left out. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return children === null || children === "" ? null : (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** What the staff read of the order at a glance: where it stands, what it costs, who it is for and where it goes. */
function Facts({ t, order, format }: { t: Translate; order: StoreOrderDetail; format: OrderFormat }) {
  const { address, customer } = order;
  const where = address
    ? [address.name, address.phone, address.line1, address.line2, address.landmark, `${address.city}, ${address.state} ${address.pincode}`]
    : [];
  return (
    <dl className="facts">
      <Fact term={t("orders.placed")}>
        <time dateTime={order.placed_at}>{format.time(order.placed_at)}</time>
      </Fact>
      <Fact term={t("orders.status")}>{order.status_text}</Fact>
      <Fact term={t("orders.payment")}>{format.payment(order)}</Fact>
      <Fact term={t("board.total")}>{format.money(order.bill.total)}</Fact>
      <Fact term={t("board.to_collect")}>{order.payment_status === "cod_pending" ? format.money(order.bill.to_pay) : null}</Fact>
      <Fact term={t("board.customer")}>{customer.name || t("board.not_known")}</Fact>
      <Fact term={t("board.phone")}>
        {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, "")}`}>{customer.phone}</a> : t("board.not_known")}
      </Fact>
      <Fact term={t(address ? "orders.delivery_address" : "orders.pickup")}>
        {address ? (
          <address className="note">{where.filter(Boolean).join("\n")}</address>
        ) : (
          t("board.pickup_at", { branch: order.branch_name })
        )}
      </Fact>
      <Fact term={t("board.shopper_note")}>{order.note ? <span className="note">{order.note}</span> : null}</Fact>
      <Fact term={t("orders.status_cancelled")}>
        {order.cancel_reason ? t("orders.cancel_reason", { reason: order.cancel_reason }) : null}
      </Fact>
    </dl>
  );
}

function OrderPage({ view, order, state, format }: { view: DeskView; order: StoreOrderDetail; state: OrderState; format: OrderFormat }) {
  const { t } = view;
  return (
    <DeskPage view={view} title={t("orders.order_number", { number: order.number })} section="/admin/orders">
      <MoveSaid notice={state.notice} problem={state.problem?.message} />
      <Facts t={t} order={order} format={format} />
      <h2>{t("board.moves_heading")}</h2>
      <OrderMoves view={view} order={order} from="order" problem={state.problem} />
      <h2>{t("orders.items")}</h2>
      <ul className="lines">
        {order.items.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.name} · {format.money(line.line_total)}
            {line.options.length > 0 ? <span className="options">{line.options.join(", ")}</span> : null}
          </li>
        ))}
      </ul>
      <h2>{t("orders.history")}</h2>
      <ol className="history">
        {order.history.map((entry) => (
          <li key={entry.at + entry.status + entry.payment_status}>
            <time dateTime={entry.at}>{format.time(entry.at)}</time>{" "}
            <strong>{t("orders.history_entry", { status: entry.status_text, payment: entry.payment_status_text })}</strong>{" "}
            {moverText(t, entry)}
            {entry.note ? ` · ${entry.note}` : null}
          </li>
        ))}
      </ol>
    </DeskPage>
  );
}

/** The store's order `id` (a public id of this store only), or null. */
export function storeOrderOf(c: Context<AppEnv>, id: string): Promise<StoreOrderDetail | null> {
  return PUBLIC_ID.test(id) ? loadStoreOrder(c.env.DB, c.var.tenant, id, deskViewOf(c).t) : Promise.resolve(null);
}

/** Another store's order, or no order at all: the same desk page. */
export const orderNotOnDesk = (c: Context<AppEnv>) => deskMessage(c, 404, "desk.nav_orders", (t) => t("errors.order_not_found"));

function drawOrder(c: Context<AppEnv>, order: StoreOrderDetail, state: OrderState, status = 200): Response {
  const view = deskViewOf(c);
  return deskResponse(<OrderPage view={view} order={order} state={state} format={orderFormatOf(c.var.tenant.settings, view.t)} />, status);
}

/** The order's page with why a move was refused. */
export async function orderRefusal(c: Context<AppEnv>, id: string, problem: MoveProblem, status: number): Promise<Response> {
  const order = await storeOrderOf(c, id);
  return order ? drawOrder(c, order, { problem }, status) : orderNotOnDesk(c);
}

/** GET /admin/orders/{id}; `?moved=1`: a move was just made, said with where the order now stands. */
export async function orderPage(c: Context<AppEnv>): Promise<Response> {
  const order = await storeOrderOf(c, c.req.param("id") ?? "");
  if (!order) return orderNotOnDesk(c);
  return drawOrder(c, order, { notice: c.req.query("moved") === "1" ? movedNotice(deskViewOf(c).t, order) : undefined });
}
