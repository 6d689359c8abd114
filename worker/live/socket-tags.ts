import type { Watch } from "../orders";
import type { Opening } from "./opening";

/**
 * The tags the store's object accepts a socket with (at most 10, of 256 characters each): what it follows, which a
 * publish looks up, and the client that opened it, which the client cap counts (worker/live/socket-caps.ts).
 */
export function socketTags(opening: Opening): string[] {
  return [watchTag(opening.watch), clientTag(opening.client)];
}

export function watchTag(watch: Watch): string {
  if (watch.kind === "order") return `order:${watch.orderId}`;
  if (watch.kind === "customer") return `customer:${watch.customerId}`;
  return "store";
}

/** A client's address is at most 64 characters (worker/http/client-address.ts), well inside a tag. */
export function clientTag(client: string): string {
  return `client:${client}`;
}
