import type { AppLoadContext } from "@remix-run/cloudflare";
import { TOO_MANY_REQUESTS } from "../../commerce/messages";
import type { Address } from "../../worker/accounts/addresses";
import type { AddressesAnswer } from "../../worker/api/addresses";
import { signOutOn401 } from "./account.server";
import { readOrigin } from "./origin.server";

/** A refused address change: the message, and the message of each field it concerns (shown beside the field). */
export interface AddressRefusal {
  ok: false;
  message: string;
  fields: Record<string, string>;
  retryAfter?: string;
}

/** The signed-in customer's saved addresses, the default first; a 401 signs the page out. */
export async function loadAddresses(context: AppLoadContext, request: Request): Promise<Address[]> {
  const response = await context.origin.api.address["get-addresses"].$get();
  signOutOn401(context, request, response);
  return ((await readOrigin(response)) as AddressesAnswer).addresses;
}

/**
 * Reads the API's answer to an address change: ok, or the refusal for the shopper (the API's field issues by field).
 * A 401 signs the page out; a failure of the store is the error page.
 */
export async function readAddressChange(
  context: AppLoadContext,
  request: Request,
  response: { ok: boolean; status: number; headers: Headers; json(): Promise<unknown> },
): Promise<{ ok: true } | AddressRefusal> {
  signOutOn401(context, request, response);
  if (response.ok) return { ok: true };
  if (response.status === 429) {
    return { ok: false, message: TOO_MANY_REQUESTS, fields: {}, retryAfter: response.headers.get("Retry-After") ?? "60" };
  }
  if (response.status >= 500) throw new Response("The store could not answer just now.", { status: 502 });
  const body = (await response.json().catch(() => null)) as { message?: string; issues?: { path: string; message: string }[] } | null;
  const fields: Record<string, string> = {};
  for (const issue of body?.issues ?? []) fields[issue.path] ??= issue.message;
  const message = body?.issues?.length ? "Please check the fields marked below." : (body?.message ?? "Please try again.");
  return { ok: false, message, fields };
}
