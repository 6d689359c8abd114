import { ApiError } from "../http/errors";
import { MESSAGES_NOT_SET_UP, outboxFor } from "../messages/outbox";
import type { OriginContext } from "./origin-context";

/**
 * Refuses a call whose whole point is a message (a sign-in code, a reset link) when no transport is set up, before
 * anything is counted or issued: the shopper is told, not promised a message that never comes.
 */
export function requireMessages(o: OriginContext): void {
  if (!outboxFor(o.env)) throw new ApiError(503, "messages_not_set_up", MESSAGES_NOT_SET_UP);
}
