import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PincodeCheck } from "../route-data";
import { pageTranslator } from "./page-translator.server";
import { PINCODE_PARAM } from "./pincode-check";

/**
 * Checks the pincode a shopper asked about (`?pincode=` on the page) with `/api/check-pincode`'s operation; null when
 * they asked about none. A refusal is shown beside the form: the API's field message for a malformed pincode, else a general one.
 */
export async function checkPincode(context: AppLoadContext, request: Request): Promise<PincodeCheck | null> {
  const pincode = new URL(request.url).searchParams.get(PINCODE_PARAM);
  if (pincode === null) return null;
  const checked = await context.origin.attempt.checkPincode({ pincode });
  if (checked.ok) return { ok: true, answer: checked.value };
  const message =
    checked.status < 500 && checked.status !== 429
      ? (checked.issues?.[0]?.message ?? checked.message)
      : pageTranslator(context)("location.check_failed");
  return { ok: false, pincode: pincode.slice(0, 20), message };
}
