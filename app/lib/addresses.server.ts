import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Address } from "../../commerce/addresses";
import { type AccountRefusal, accountRefusal, signOutOn401 } from "./account.server";
import { readOrigin } from "./origin.server";

/** The signed-in customer's saved addresses, the default first; a 401 signs the page out. */
export async function loadAddresses(context: AppLoadContext, request: Request): Promise<Address[]> {
  const response = await context.origin.api.address["get-addresses"].$get();
  signOutOn401(context, request, response);
  return (await readOrigin(response)).addresses;
}

/** Reads the API's answer to an address change: ok, or the refusal for the shopper. A 401 signs the page out. */
export async function readAddressChange(
  context: AppLoadContext,
  request: Request,
  response: { ok: boolean; status: number; headers: Headers; json(): Promise<unknown> },
): Promise<{ ok: true } | AccountRefusal> {
  signOutOn401(context, request, response);
  return response.ok ? { ok: true } : accountRefusal(response);
}
