import { type KeyScope, mayAct, type StoreActor, scopeRefusal } from "../../commerce/store-actor";
import { ApiError } from "./errors";

/** Refuses (403) an actor that may not do what `needed` allows; the domain functions call it before they act. */
export function requireScope(actor: StoreActor, needed: KeyScope): void {
  if (!mayAct(actor, needed)) throw new ApiError(403, "forbidden", scopeRefusal(actor, needed));
}
