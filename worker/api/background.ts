import { afterAnswer } from "../after-answer";
import type { EffectsContext } from "../order-life";
import type { OriginContext } from "./origin-context";

/**
 * The effects context of an operation's transition: the store's address as the call reached it; later work goes after
 * the answer.
 */
export function effectsContextOf(o: OriginContext): EffectsContext {
  return { origin: o.site.origin, language: o.language, later: (work) => afterAnswer(o.ctx, work) };
}
