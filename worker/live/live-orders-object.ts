import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { eventsAfter, type LiveEventRow, newestEventId, ownerMessage, shopperMessage, type Watch } from "../orders/live-events";
import { CLOSE_FINAL, LIVE_REPLAY_LIMIT, type LiveMessage } from "../orders/live-messages";
import { type Opening, readOpening } from "./opening";

/**
 * One store's live orders (decision 051): the object holds the store's open WebSockets, hibernating (accepted through
 * `ctx.acceptWebSocket`, so an idle connection keeps no isolate in memory), each tagged with what it follows, and
 * relays every published move to the sockets that follow it. It keeps no state of its own: D1 is the record, read
 * again for what a reconnecting client missed.
 */
export class LiveOrders extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A client's keep-alive is answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Opens a connection that the Worker has authorised (worker/api/order-updates.ts says for what). */
  override async fetch(request: Request): Promise<Response> {
    const opening = readOpening(request);
    if (!opening) return new Response("A live connection is opened by the Worker only.", { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    // Accepted before D1 is read: a move committed after the read is published to this socket too, never lost
    // between the two (a client drops an event id it has already seen).
    this.ctx.acceptWebSocket(server, [tagOf(opening.watch)]);
    await this.catchUp(server, opening);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Relays one move to every connection that follows it; answers how many it reached. */
  publish(row: LiveEventRow): number {
    const forShopper = JSON.stringify(shopperMessage(row));
    const final = shopperMessage(row).final;
    const orderSockets = this.ctx.getWebSockets(tagOf({ kind: "order", orderId: row.id }));
    const customerSockets =
      row.customer_id === null ? [] : this.ctx.getWebSockets(tagOf({ kind: "customer", customerId: row.customer_id }));
    const storeSockets = this.ctx.getWebSockets(tagOf({ kind: "store" }));
    for (const socket of [...orderSockets, ...customerSockets]) send(socket, forShopper);
    // A page that follows one order has nothing more to hear once it is final.
    if (final) for (const socket of orderSockets) closeQuietly(socket, CLOSE_FINAL, "final");
    if (storeSockets.length > 0) {
      const forOwner = JSON.stringify(ownerMessage(row));
      for (const socket of storeSockets) send(socket, forOwner);
    }
    return orderSockets.length + customerSockets.length + storeSockets.length;
  }

  /** How many connections the object holds (the benchmark reads it). */
  connections(): number {
    return this.ctx.getWebSockets().length;
  }

  // Clients send nothing but the keep-alive, which the auto-response answers; anything else is ignored.
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket): void {
    closeQuietly(socket, 1000, "closed");
  }

  /** What a reconnecting client missed (from `after`), then where it now listens from. */
  private async catchUp(socket: WebSocket, { tenantId, watch, after }: Opening): Promise<void> {
    if (after === null) {
      send(socket, { type: "ready", id: await newestEventId(this.env.DB, tenantId, watch) });
      return;
    }
    const missed = await eventsAfter(this.env.DB, tenantId, watch, after, LIVE_REPLAY_LIMIT + 1);
    if (missed.length > LIVE_REPLAY_LIMIT) {
      send(socket, { type: "gap", id: await newestEventId(this.env.DB, tenantId, watch) });
      return;
    }
    for (const row of missed) send(socket, watch.kind === "store" ? ownerMessage(row) : shopperMessage(row));
    send(socket, { type: "ready", id: missed.at(-1)?.event_id ?? after });
  }
}

/** The tag a socket is accepted with: what it follows. */
function tagOf(watch: Watch): string {
  if (watch.kind === "order") return `order:${watch.orderId}`;
  if (watch.kind === "customer") return `customer:${watch.customerId}`;
  return "store";
}

function send(socket: WebSocket, message: LiveMessage | string): void {
  try {
    socket.send(typeof message === "string" ? message : JSON.stringify(message));
  } catch {
    // A socket closing as this runs: its client reconnects and catches up from D1.
  }
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // Already closed.
  }
}
