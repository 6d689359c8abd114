import { Hono } from "hono";
import { CHECKOUT_LINK_PATH } from "../../commerce/checkout-link";
import { message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import * as z from "../../commerce/zod";
import { isToken, newToken, tokenHash } from "../accounts/tokens";
import type { AppEnv } from "../app-env";
import { storeBranches } from "../branches/store-branches";
import { type CartAnswer, cartAnswer, cartAnswerFrom } from "../cart/cart-answer";
import { findLink, makeLink, redeemLink } from "../checkout-links/checkout-links";
import { ApiError } from "../http/errors";
import { changeScope } from "./cart";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { throttle } from "./rate-limit";
import { validate } from "./validate";

/**
 * Checkout links (issue 42, decision 090): an agent shopping as a guest hands its cart to a person, whose browser opens
 * the link, sees what it carries, and takes the lines into their own cart to pay at /checkout. The link is the token's
 * bearer secret: single use, 30 minutes, only its hash kept. Reading it never uses it up (chat apps and browsers fetch
 * links ahead); redeeming it is a POST.
 */

export interface CheckoutLinkMade {
  /** The page that carries the cart to a browser: `<store origin>/checkout/continue/<token>`. */
  url: string;
  /** ISO 8601; the link works once until then. */
  expires_at: string;
}

export interface CheckoutLinkAnswer {
  /** The branch the cart is at, which becomes the shopper's on redeeming. */
  branch: { id: number; name: string };
  /** The link's cart, priced at its branch. */
  cart: CartAnswer;
  expires_at: string;
}

export const makeLinkBody = z.object({});

const iso = (ms: number) => new Date(ms).toISOString();

/** The link named by `token`, usable now: a junk token or another store's is unknown (404), a used or expired one 410. */
async function usableLink(o: OriginContext, token: string) {
  const hash = isToken(token) ? await tokenHash(token) : null;
  const link = hash === null ? null : await findLink(o.env.DB, o.tenant.id, hash);
  if (hash === null || link === null) throw new ApiError(404, "checkout_link_not_found", message("agent-links.not_found"));
  if (link.used_at !== null) throw new ApiError(410, "checkout_link_used", message("agent-links.used"));
  if (link.expires_at <= Date.now()) throw new ApiError(410, "checkout_link_expired", message("agent-links.expired"));
  return { hash, link };
}

/**
 * POST /api/cart/checkout-link: a new link to the guest caller's cart at the call's branch (each call a new one; an
 * older link stays good until it expires). A customer's session is refused: links are for an agent's guest cart.
 */
export async function makeCheckoutLinkOf(o: OriginContext): Promise<CheckoutLinkMade> {
  if (o.shopperFor(false).kind === "customer") throw new ApiError(403, "guest_only", message("agent-links.guest_only"));
  const scope = changeScope(o);
  await throttle(o, "cart", scope.owner);
  const token = newToken();
  const expiresAt = await makeLink(o.env.DB, scope, await tokenHash(token), Date.now());
  if (expiresAt === null) throw new ApiError(422, "cart_empty", message("agent-links.cart_empty"));
  return { url: `${o.site.origin}${CHECKOUT_LINK_PATH}${token}`, expires_at: iso(expiresAt) };
}

/** GET /api/cart/checkout-link/:token: what a usable link carries. Reading it does not use it. */
export async function checkoutLinkOf(o: OriginContext, token: string): Promise<CheckoutLinkAnswer> {
  const [{ link }, branches] = await Promise.all([usableLink(o, token), storeBranches(o.env, o.ctx, o.tenant)]);
  const scope = { tenantId: o.tenant.id, branchId: link.branch_id, owner: link.owner };
  const cart = await cartAnswer(o.env.DB, scope, o.tenant, translatorOf(o.language));
  const name = branches.find((b) => b.id === link.branch_id)?.name ?? "";
  return { branch: { id: link.branch_id, name }, cart, expires_at: iso(link.expires_at) };
}

/**
 * POST /api/cart/checkout-link/:token/redeem: the link's lines join the caller's cart at the link's branch (a line they
 * have adds its quantity, as on sign-in), their own cart follows them there, and the link is used up; answers that
 * cart. A second redeem, or one that lost the race, is 410 and moved nothing. A cart change, on the caller's budget.
 */
export async function redeemCheckoutLinkOf(o: OriginContext, token: string): Promise<CartAnswer> {
  const { hash, link } = await usableLink(o, token);
  const scope = changeScope(o);
  await throttle(o, "cart", scope.owner);
  const redeemed = await redeemLink(o.env.DB, o.tenant.id, hash, link, scope, Date.now());
  if (redeemed === null) throw new ApiError(410, "checkout_link_used", message("agent-links.used"));
  return cartAnswerFrom(redeemed.cart, redeemed.scope, o.tenant, translatorOf(o.language));
}

export const checkoutLinksApi = new Hono<AppEnv>()
  .post("/cart/checkout-link", validate("json", makeLinkBody), async (c) =>
    c.json(await makeCheckoutLinkOf(originContextOf(c)), 201, PRIVATE_ANSWER),
  )
  .get("/cart/checkout-link/:token", async (c) =>
    c.json(await checkoutLinkOf(originContextOf(c), c.req.param("token")), 200, PRIVATE_ANSWER),
  )
  .post("/cart/checkout-link/:token/redeem", async (c) =>
    c.json(await redeemCheckoutLinkOf(originContextOf(c), c.req.param("token")), 200, PRIVATE_ANSWER),
  );
