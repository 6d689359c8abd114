import type { Context } from "hono";
import type { StoreActor } from "../../commerce/store-actor";
import type { AppEnv } from "../app-env";

/** The actor an /api/admin call was authorised as (worker/http/admin-auth.ts runs before every one of them). */
export function storeActorOf(c: Context<AppEnv>): StoreActor {
  const actor = c.var.storeActor;
  if (!actor) throw new Error("an owner call ran without the owner check");
  return actor;
}
