import * as z from "../../commerce/zod";
import type { CustomerDetails } from "../../worker/accounts/customers";
import type { WishlistChangeAnswer, WishlistIdsAnswer } from "../../worker/api/wishlist";
import type { ApiErrorBody } from "../../worker/http/errors";

/**
 * Answers described in zod, for the documentation. Each `satisfies` the type the handler answers, so a field added to
 * the type and not here, or typed differently, fails the typecheck.
 */

export const customerAnswer = z.object({
  id: z.number().check(z.int(), z.meta({ description: "the customer's id in this store" })),
  name: z.string(),
  email: z.string().check(z.meta({ description: "lowercased" })),
  phone: z.string().check(z.meta({ description: "digits with an optional leading +" })),
  avatar_url: z.nullable(z.string()).check(z.meta({ description: "a path on the store's own origin (/media/…), or null" })),
}) satisfies z.ZodMiniType<CustomerDetails>;

export const signedInAnswer = z.object({
  token: z.string().check(z.meta({ description: "opaque session token (43 characters); send it as `Authorization: Bearer <token>`" })),
  user: customerAnswer,
}) satisfies z.ZodMiniType<{ token: string; user: CustomerDetails }>;

export const okAnswer = z.object({ ok: z.literal(true) });

export const sentAnswer = z.object({
  ok: z.literal(true),
  message: z.string().check(z.meta({ description: "for the shopper; the same whether or not an account exists" })),
});

export const errorAnswer = z.object({
  code: z.string().check(z.meta({ description: "for programs: `invalid_input`, `unauthenticated`, `not_found`, …" })),
  message: z.string().check(z.meta({ description: "for people" })),
  issues: z
    .optional(z.array(z.object({ path: z.string(), message: z.string() })))
    .check(z.meta({ description: "one per field that was refused" })),
}) satisfies z.ZodMiniType<ApiErrorBody>;

export const wishlistChangeAnswer = z.object({
  product_id: z.number().check(z.int()),
  wishlisted: z.boolean().check(z.meta({ description: "whether the product is on the customer's wishlist now" })),
}) satisfies z.ZodMiniType<WishlistChangeAnswer>;

export const wishlistIdsAnswer = z.object({
  product_ids: z.array(z.number().check(z.int())).check(z.meta({ description: "ascending" })),
}) satisfies z.ZodMiniType<WishlistIdsAnswer>;
