import { afterAnswer } from "../after-answer";
import type { MoveSite } from "../order-life";
import type { OriginContext } from "./origin-context";

/** Where an operation moves an order: the store's address as the call reached it; later work goes after the answer. */
export function moveSite(o: OriginContext): MoveSite {
  return { origin: o.site.origin, later: (work) => afterAnswer(o.ctx, work) };
}
