import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Address } from "../../commerce/addresses";
import type { Attempt } from "../../worker/origin/page-origin";
import { type AccountRefusal, accountRefusalOf, customerRead, signOutOn401 } from "./account.server";

/** The signed-in customer's saved addresses, the default first; a 401 signs the page out. */
export async function loadAddresses(context: AppLoadContext, request: Request): Promise<Address[]> {
  return (await customerRead(context, request, context.origin.addresses())).addresses;
}

/** An address change's attempt as the form reads it: ok, or the refusal for the shopper. A 401 signs the page out. */
export function addressChange(context: AppLoadContext, request: Request, attempt: Attempt<unknown>): { ok: true } | AccountRefusal {
  if (attempt.ok) return { ok: true };
  signOutOn401(context, request, attempt);
  return accountRefusalOf(attempt);
}
