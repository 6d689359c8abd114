import { ApiError } from "../http/errors";
import { mayAct, type StoreActor, scopeRefusal } from "./store-actor";
import type { KeyScope } from "./store-keys";

/** Refuses (403) an actor that may not do what `needed` allows; the domain functions call it before they act. */
export function requireScope(actor: StoreActor, needed: KeyScope): void {
  if (!mayAct(actor, needed)) throw new ApiError(403, "forbidden", scopeRefusal(actor, needed));
}
