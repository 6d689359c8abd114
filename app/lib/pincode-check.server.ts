import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PincodeCheck } from "../route-data";
import { refusalOf } from "./api-refusal";
import { PINCODE_PARAM } from "./pincode-check";

/**
 * Checks the pincode a shopper asked about (`?pincode=` on the page) through `/api/check-pincode`; null when they asked
 * about none. A refusal is shown beside the form: the API's field message for a malformed pincode, else a general one.
 */
export async function checkPincode(context: AppLoadContext, request: Request): Promise<PincodeCheck | null> {
  const pincode = new URL(request.url).searchParams.get(PINCODE_PARAM);
  if (pincode === null) return null;
  const response = await context.origin.api["check-pincode"].$get({ query: { pincode } });
  if (response.ok) return { ok: true, answer: await response.json() };
  const refusal = await refusalOf(response);
  const status: number = response.status;
  const message =
    status < 500 && status !== 429
      ? (refusal.issues?.[0]?.message ?? refusal.message ?? "Enter a valid pincode.")
      : "The delivery check could not be made just now. Please try again in a moment.";
  return { ok: false, pincode: pincode.slice(0, 20), message };
}
