import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { issueId } from "../../commerce/i18n/message";
import { FORM_UNREADABLE } from "../../commerce/messages";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { accountRefusalOf, isSignedIn, requireCustomer, safeRedirectTo, signInRedirect } from "./account.server";
import { STAY_FIELD } from "./add-to-cart-form";
import { idField } from "./form-fields.server";
import { refused } from "./refused.server";
import type { WishlistResult } from "./wishlist";

/**
 * The ids of the signed-in shopper's wishlisted products, for the root loader: the one per-shopper place the hearts
 * read, so no catalogue answer (cached for everyone) ever carries them. A guest costs nothing; a customer one indexed
 * query. A session that ended reads as an empty list here; the page that needs the customer signs them out.
 */
export async function wishlistIds(context: AppLoadContext): Promise<number[]> {
  if (!isSignedIn(context)) return [];
  return context.origin.wishlistIds().then(
    (answer) => answer.product_ids,
    () => [],
  );
}

const wishlistForm = z.object({
  product_id: idField(issueId("account.product_not_available")),
  wishlisted: z.pipe(
    z.enum(["true", "false"], { error: FORM_UNREADABLE }),
    z.transform((text) => text === "true"),
  ),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
  [STAY_FIELD]: z.optional(z.string()),
});

/**
 * The heart's action (app/lib/wishlist.ts). A guest is sent to sign in and back to the page the heart was on (the
 * product is not added for them). A product the store removed and no longer on the list is already what "remove"
 * asked for. A refusal is shown on the spot with JavaScript, and on the wishlist page without it.
 */
export async function wishlistAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request, wishlistForm);
  if (!form.ok) return refused({ ok: false as const, message: form.message });
  const { product_id: productId, wishlisted, redirectTo } = form.data;
  const back = safeRedirectTo(redirectTo, "/account/wishlist");
  requireCustomer(context, request, back);
  const attempt = await context.origin.attempt.toggleWishlistProduct({ product_id: productId, wishlisted });
  if (!attempt.ok && attempt.status === 401) {
    context.shopper.signOut();
    throw signInRedirect(back);
  }
  const gone = !attempt.ok && attempt.status === 404 && !wishlisted;
  if (!attempt.ok && !gone) {
    const refusal = accountRefusalOf(attempt);
    return refused({ ok: false as const, message: refusal.message }, refusal.retryAfter);
  }
  if (form.data[STAY_FIELD] === undefined) return redirect(back, 303);
  return data<WishlistResult>({ ok: true, productId, wishlisted });
}
