import type { Context } from "hono";
import { PUBLIC_ID } from "../../commerce/ids";
import { BOARD_COLUMNS } from "../../commerce/order-status";
import type { AppEnv } from "../app-env";
import { BOARD_LIMIT, type BoardOrder, findOrder, listBoardOrders } from "../orders";
import { DeskPage, deskResponse } from "./desk-page";
import { type DeskView, deskViewOf } from "./desk-view";
import { MoveSaid, movedNotice } from "./move-said";
import { type OrderFormat, orderFormatOf } from "./order-format";
import { OrderMoves } from "./order-moves";

/**
 * /admin/orders, the orders board (decision 086): the store's orders taken on and not yet handed over, one column per
 * status, each a card with its next move. The page is whole without JavaScript; public/desk/board.js keeps it live from
 * the store's stream and reads this same page again to redraw `#board`.
 */

type Column = (typeof BOARD_COLUMNS)[number];

const COLUMN_TITLE = {
  placed: "board.column_placed",
  confirmed: "orders.status_confirmed",
  packed: "orders.status_packed",
  out_for_delivery: "orders.status_out_for_delivery",
} as const satisfies Record<Column, string>;

interface BoardState {
  orders: BoardOrder[];
  /** The stream's newest event when the orders were read: where the script listens from. */
  after: number;
  /** What the last move did (after its 303), or why it was refused. */
  notice?: string;
  problem?: string;
}

function Card({ view, order, format }: { view: DeskView; order: BoardOrder; format: OrderFormat }) {
  const { t } = view;
  const name = `o-${order.id}`;
  return (
    <li>
      <article className="card" aria-labelledby={name}>
        <h3>
          <a id={name} href={`/admin/orders/${order.id}`}>
            {order.number}
          </a>
        </h3>
        <p>
          <time dateTime={order.placed_at}>{format.time(order.placed_at)}</time>
        </p>
        <p>
          {t("board.items", { count: order.item_count })} · {format.money(order.total)}
        </p>
        <p>
          {t(order.fulfillment === "pickup" ? "orders.pickup" : "orders.delivery")} · {format.payment(order)}
        </p>
        <OrderMoves view={view} order={order} from="board" describedBy={name} />
      </article>
    </li>
  );
}

function BoardColumn({ view, status, orders, format }: { view: DeskView; status: Column; orders: BoardOrder[]; format: OrderFormat }) {
  const { t } = view;
  const heading = `column-${status}`;
  return (
    <section className="column" aria-labelledby={heading}>
      <h2 id={heading}>
        {t(COLUMN_TITLE[status])} <span className="count">({t("board.column_count", { count: orders.length })})</span>
      </h2>
      {orders.length > 0 ? (
        <ol>
          {orders.map((order) => (
            <Card key={order.id} view={view} order={order} format={format} />
          ))}
        </ol>
      ) : (
        <p className="empty">{t("board.column_empty")}</p>
      )}
    </section>
  );
}

/** The words the board's script says, which it cannot translate itself. */
function scriptWords(view: DeskView): string {
  const { t } = view;
  const words = { newOrder: t("board.new_order", { number: "{number}" }), liveOn: t("board.live_on"), liveOff: t("board.live_off") };
  // Inside a script element, `<` could close it: JSON's own escape keeps the text whole.
  return JSON.stringify(words).replace(/</g, "\\u003c");
}

function BoardPage({ view, state, format }: { view: DeskView; state: BoardState; format: OrderFormat }) {
  const { t } = view;
  return (
    <DeskPage view={view} title={t("board.title")} section="/admin/orders" scripts={["/desk/board.js"]}>
      <MoveSaid notice={state.notice} problem={state.problem} />
      <div className="board-tools" id="board-tools" hidden>
        <button type="button" className="quiet" id="board-sound" aria-pressed="true">
          {t("board.sound")}
        </button>
        <span id="board-live" />
      </div>
      <p className="visually-hidden" id="board-news" aria-live="polite" />
      <div id="board" className="board" data-after={state.after}>
        {state.orders.length >= BOARD_LIMIT ? <p className="limit">{t("board.limit", { count: BOARD_LIMIT })}</p> : null}
        {BOARD_COLUMNS.map((status) => (
          <BoardColumn key={status} view={view} status={status} orders={state.orders.filter((o) => o.status === status)} format={format} />
        ))}
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON the server made, with `<` escaped */}
      <script type="application/json" id="board-words" dangerouslySetInnerHTML={{ __html: scriptWords(view) }} />
    </DeskPage>
  );
}

/** The board as an answer: after a move (its notice), or with why a move was refused (409). */
export async function boardResponse(c: Context<AppEnv>, said: Pick<BoardState, "notice" | "problem">, status = 200): Promise<Response> {
  return drawBoard(c, await listBoardOrders(c.env.DB, c.var.tenant, deskViewOf(c).t), said, status);
}

function drawBoard(
  c: Context<AppEnv>,
  board: Pick<BoardState, "orders" | "after">,
  said: Pick<BoardState, "notice" | "problem">,
  status = 200,
) {
  const view = deskViewOf(c);
  const format = orderFormatOf(c.var.tenant.settings, view.t);
  return deskResponse(<BoardPage view={view} state={{ ...board, ...said }} format={format} />, status);
}

/** GET /admin/orders; `?moved=<order id>`: a move was just made, said with where that order now stands. */
export async function ordersBoardPage(c: Context<AppEnv>): Promise<Response> {
  const { t } = deskViewOf(c);
  const moved = c.req.query("moved");
  const [board, order] = await Promise.all([
    listBoardOrders(c.env.DB, c.var.tenant, t),
    moved && PUBLIC_ID.test(moved) ? findOrder(c.env.DB, c.var.tenant.id, moved, null) : null,
  ]);
  return drawBoard(c, board, { notice: order ? movedNotice(t, order) : undefined });
}
