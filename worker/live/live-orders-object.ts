import { DurableObject } from "cloudflare:workers";
import type { Translate } from "../../commerce/i18n/catalogue";
import { translatorOf } from "../../commerce/i18n/translators";
import type { InterfaceLanguage } from "../../commerce/languages";
import { isFinalOrder } from "../../commerce/order-final";
import type { Env } from "../env";
import { cataloguesReady } from "../i18n/catalogues";
import {
  CLOSE_FINAL,
  eventsAfter,
  LIVE_REPLAY_LIMIT,
  type LiveEventRow,
  type LiveMessage,
  latestEvent,
  newestEventId,
  ownerMessage,
  shopperMessage,
} from "../orders";
import { storeDatabase } from "../placement/store-databases";
import { type Opening, readOpening } from "./opening";
import { LIVE_CAP_RETRY_AFTER_SECONDS, liveCapReached } from "./socket-caps";
import { socketLanguage, socketTags, watchTag } from "./socket-tags";

/**
 * One store's live orders (decision 051): the object holds the store's open WebSockets, hibernating (accepted through
 * `ctx.acceptWebSocket`, so an idle connection keeps no isolate in memory), each tagged with what it follows, and
 * relays every published transition to the sockets that follow it. It keeps no state of its own: D1 is the record, read
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
    if (liveCapReached(this.ctx, opening)) {
      return new Response("Too many live connections.", { status: 429, headers: { "Retry-After": String(LIVE_CAP_RETRY_AFTER_SECONDS) } });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    // Accepted before D1 is read: a transition committed after the read is published to this socket too, never lost
    // between the two (a client drops an event id it has already seen).
    this.ctx.acceptWebSocket(server, socketTags(opening));
    // The object may run in an isolate of its own, which reads the catalogues before it says a word (decision 081).
    await cataloguesReady(this.env);
    const [, final] = await Promise.all([this.catchUp(server, opening), this.followsFinalOrder(opening)]);
    // An order no transition will change again has nothing more to tell: the socket hears where it stands, then is
    // closed.
    if (final) closeQuietly(server, CLOSE_FINAL, "final");
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Relays one transition to every connection that follows it, each in the language it was opened in (the message is
   * made once per language); answers how many it reached.
   */
  async publish(row: LiveEventRow): Promise<number> {
    await cataloguesReady(this.env);
    const final = isFinalOrder(row.status, row.payment_status);
    const orderSockets = this.ctx.getWebSockets(watchTag({ kind: "order", orderId: row.id }));
    const customerSockets =
      row.customer_id === null ? [] : this.ctx.getWebSockets(watchTag({ kind: "customer", customerId: row.customer_id }));
    const storeSockets = this.ctx.getWebSockets(watchTag({ kind: "store" }));
    const forShopper = inEachLanguage((t) => shopperMessage(row, t));
    const forOwner = inEachLanguage((t) => ownerMessage(row, t));
    for (const socket of [...orderSockets, ...customerSockets]) send(socket, forShopper(this.languageOf(socket)));
    // A page that follows one order has nothing more to hear once it is final.
    if (final) for (const socket of orderSockets) closeQuietly(socket, CLOSE_FINAL, "final");
    for (const socket of storeSockets) send(socket, forOwner(this.languageOf(socket)));
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

  /** The language a socket was opened in (kept in its tags, which outlive hibernation). */
  private languageOf(socket: WebSocket): InterfaceLanguage {
    return socketLanguage(this.ctx.getTags(socket));
  }

  /** What a reconnecting client missed (from `after`), then where it now listens from, in its language. */
  private async catchUp(socket: WebSocket, { tenantId, database, watch, after, language }: Opening): Promise<void> {
    const db = storeDatabase(this.env, database);
    if (after === null) {
      send(socket, { type: "ready", id: await newestEventId(db, tenantId, watch) });
      return;
    }
    const missed = await eventsAfter(db, tenantId, watch, after, LIVE_REPLAY_LIMIT + 1);
    if (missed.length > LIVE_REPLAY_LIMIT) {
      send(socket, { type: "gap", id: await newestEventId(db, tenantId, watch) });
      return;
    }
    const t = translatorOf(language);
    for (const row of missed) send(socket, watch.kind === "store" ? ownerMessage(row, t) : shopperMessage(row, t));
    send(socket, { type: "ready", id: missed.at(-1)?.event_id ?? after });
  }

  /**
   * Whether the one order a socket follows is final, read after the socket was accepted: a final transition committed
   * later is published to it and closes it, so none is left open on a final order (whatever `after` it named).
   */
  private async followsFinalOrder({ tenantId, database, watch }: Opening): Promise<boolean> {
    const db = storeDatabase(this.env, database);
    if (watch.kind !== "order") return false;
    const newest = await latestEvent(db, tenantId, watch.orderId);
    return newest !== null && isFinalOrder(newest.status, newest.payment_status);
  }
}

/** A message made on first use in each language asked for, as the JSON text a socket is sent. */
function inEachLanguage(make: (t: Translate) => LiveMessage): (language: InterfaceLanguage) => string {
  const made = new Map<InterfaceLanguage, string>();
  return (language) => {
    let text = made.get(language);
    if (text === undefined) {
      text = JSON.stringify(make(translatorOf(language)));
      made.set(language, text);
    }
    return text;
  };
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
