import { type Message, message } from "./i18n/message";

/** What a key may do (migration 0023, decision 040): everything, the order calls only, or replacing the store only. */
export const KEY_SCOPES = ["all", "orders", "store"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/**
 * A staff member's role at the desk (decision 083): an owner may do everything the desk offers; an orders clerk may move
 * orders along and read today's numbers, and nothing else.
 */
export const STAFF_ROLES = ["owner", "orders"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who acts for the store (decision 083): the owner API's key, or a staff member signed in at the desk. Both reach the
 * same domain functions, which check here what the actor may do and record who it was (an order's history names
 * them). A staff role is a scope, as a key's is: an owner may do everything, an orders clerk the order calls only.
 */
export type StoreActor = { kind: "key"; keyId: number; scope: KeyScope } | { kind: "staff"; staffId: number; role: StaffRole };

const ROLE_SCOPES: Record<StaffRole, KeyScope> = { owner: "all", orders: "orders" };

/** The scope the actor holds. */
export function scopeOf(actor: StoreActor): KeyScope {
  return actor.kind === "key" ? actor.scope : ROLE_SCOPES[actor.role];
}

/** Whether the actor may do what `needed` allows: scope all may do everything, another scope only its own. */
export function mayAct(actor: StoreActor, needed: KeyScope): boolean {
  const held = scopeOf(actor);
  return held === "all" || held === needed;
}

/** The history columns that name the actor: the staff member, or the key. */
export function actorColumns(actor: StoreActor): { staffId: number | null; storeKeyId: number | null } {
  return actor.kind === "staff" ? { staffId: actor.staffId, storeKeyId: null } : { staffId: null, storeKeyId: actor.keyId };
}

const SCOPE_REFUSED: Record<KeyScope, Message> = {
  all: message("errors.scope_all_refused"),
  orders: message("errors.scope_orders_refused"),
  store: message("errors.scope_store_refused"),
};

/** Why the actor may not do what `needed` allows, in the words of its kind: a key's scope, or a staff member's role. */
export function scopeRefusal(actor: StoreActor, needed: KeyScope): Message {
  return actor.kind === "key" ? SCOPE_REFUSED[needed] : message("errors.role_refused");
}

/** The staff member a desk request is made by, as the desk's identity (worker/desk/desk-identity.ts) resolved them. */
export interface Staff {
  id: number;
  name: string;
  role: StaffRole;
  /** The session's token, to end it on sign-out. */
  token: string;
}
