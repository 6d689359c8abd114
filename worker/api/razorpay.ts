import { Hono } from "hono";
import { issueId, message } from "../../commerce/i18n/message";
import { translatorOf } from "../../commerce/i18n/translators";
import { PUBLIC_ID } from "../../commerce/ids";
import { restMinimum } from "../../commerce/wallet";
import * as z from "../../commerce/zod";
import { customerDetails } from "../accounts/customers";
import type { AppEnv } from "../app-env";
import type { Env } from "../env";
import { ApiError, errorResponse, orderNotFound } from "../http/errors";
import { applyCheckoutFailure, applyCheckoutSuccess, type CheckoutOutcome, type ReadsWithTransition, receiveWebhook } from "../order-life";
import { loadOrderAnswer, type OrderAnswer, orderAnswerFrom, orderAnswerSteps } from "../orders";
import {
  claimBesideRead,
  ensureGatewayOrder,
  gatewayOfKind,
  type PayAnswer,
  type PayableOrder,
  type PaymentGateway,
  payAnswer,
  payableOrder,
  releaseClaim,
  storeGateway,
} from "../payments";
import type { Tenant } from "../tenancy/tenant";
import { effectsContextOf } from "./background";
import { customerScope } from "./customer";
import { gatewayFailure } from "./gateway-failure";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

const publicId = z.string().check(z.regex(PUBLIC_ID, issueId("errors.not_an_order_id")));
const gatewayId = (prefix: string) => z.string().check(z.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`), `must be a ${prefix}_… id`));
const checkoutResult = {
  razorpay_order_id: gatewayId("order"),
  razorpay_payment_id: gatewayId("pay"),
  razorpay_signature: z.string().check(z.maxLength(128)),
};

const NOT_VERIFIED = message("errors.payment_not_verified");
const UNAVAILABLE = () => new ApiError(503, "payment_unavailable", message("errors.payment_unavailable"));

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A refusal for a checkout result that did not apply. A payment Razorpay has not captured yet is no refusal: the
 * order's answer says it is still waiting, and the webhook or the cron finishes it.
 */
function refuseUnless(outcome: CheckoutOutcome): void {
  if (outcome === "not_verified") throw new ApiError(400, "payment_not_verified", NOT_VERIFIED);
  if (outcome === "mismatch") throw new ApiError(400, "payment_not_verified", NOT_VERIFIED);
  if (outcome === "gateway_unavailable") throw UNAVAILABLE();
}

/** Refuses an order the pay step cannot take a payment for now. */
function checkPayable(order: PayableOrder | null): asserts order is PayableOrder {
  if (order?.paymentMethod !== "online") orderNotFound();
  if (order.paymentStatus !== "awaiting" && order.paymentStatus !== "failed") {
    throw new ApiError(409, order.paymentStatus === "void" ? "not_payable" : "already_paid", message("errors.order_takes_no_payment"));
  }
  const overdue = order.paymentDueBy !== null && order.paymentDueBy <= Date.now();
  if ((order.status !== "pending_payment" && order.status !== "payment_failed") || overdue) {
    throw new ApiError(409, "not_payable", message("errors.order_takes_no_payment"));
  }
}

/**
 * The gateway that takes the order's payment: the one that made its gateway order, else the store's (`storeDefault`,
 * read beside the order); refused when there is none, or when the rest is under the gateway's minimum.
 */
async function payingGateway(env: Env, tenant: Tenant, order: PayableOrder, storeDefault: PaymentGateway | null): Promise<PaymentGateway> {
  const gateway = await gatewayOfKind(env, tenant, order.gateway?.kind, storeDefault);
  if (!gateway) throw UNAVAILABLE();
  // An order whose rest is under the gateway's minimum would only be refused by Razorpay: say so before asking it.
  if (!order.gateway && order.toPay < restMinimum(order.currency)) {
    throw new ApiError(422, "payment_gateway_refused", message("errors.amount_too_small_online"));
  }
  return gateway;
}

export const payBody = z.object({ order_id: publicId });
export const processPaymentBody = z.object({ order_id: publicId, ...checkoutResult });

/** POST /api/razorpay/pay: the pay step's figures for the customer's order, its gateway order made once. */
export async function payStepOf(o: OriginContext, body: z.output<typeof payBody>): Promise<PayAnswer> {
  const { owner, customerId } = customerScope(o);
  const { env, tenant } = o;
  const db = env.DB;
  const id = body.order_id;
  // One round trip before Razorpay: the order, the customer (for Checkout's form), the store's gateway (its keys) and
  // the claim on making the order's gateway order all go at once (decision 058).
  const [order, details, storeDefault, claimed] = await Promise.all([
    payableOrder(db, tenant.id, id, owner),
    customerDetails(db, tenant.id, customerId),
    storeGateway(env, tenant),
    claimBesideRead(db, tenant.id, id, owner, Date.now()),
  ]);
  let gateway: PaymentGateway;
  try {
    checkPayable(order);
    gateway = await payingGateway(env, tenant, order, storeDefault);
  } catch (error) {
    if (claimed && order) await releaseClaim(db, tenant.id, order.id);
    throw error;
  }
  try {
    const ref = await ensureGatewayOrder(env, tenant, order, gateway, claimed);
    return payAnswer(env, tenant, o.site.origin, order, ref, gateway.keyId, gateway.checkoutUrl, details);
  } catch (error) {
    throw gatewayFailure(error) ?? error;
  }
}

/** POST /api/razorpay/process-payment: Checkout's signed result for the customer's order; the order as it now stands. */
export async function processPaymentOf(o: OriginContext, body: z.output<typeof processPaymentBody>): Promise<OrderAnswer> {
  const { owner } = customerScope(o);
  const { env, tenant } = o;
  const { order_id, ...result } = body;
  // The store's gateway (its keys) is read beside the order.
  const [order, gateway] = await Promise.all([payableOrder(env.DB, tenant.id, order_id, owner), storeGateway(env, tenant)]);
  if (!order) orderNotFound();
  // The answer is read in the batch that pays the order; read after it when that batch did not transition the order.
  const reads: ReadsWithTransition = { steps: orderAnswerSteps(env.DB, tenant.id, order_id, order.owner) };
  refuseUnless(await applyCheckoutSuccess(env, tenant, order, result, effectsContextOf(o), { reads, gateway }));
  const t = translatorOf(o.language);
  const answer = reads.ran
    ? (orderAnswerFrom(reads.ran, tenant, t)?.answer ?? null)
    : await loadOrderAnswer(env.DB, tenant, order_id, order.owner, t);
  return answer ?? orderNotFound();
}

/**
 * Card payment through Razorpay (decision 025): the pay step's figures, the checkout's signed result (JS handler and
 * redirect callback), and Razorpay's webhook. The callback and webhook are exempt from the origin check (they come
 * from Razorpay's pages and servers) and are authenticated by their signatures alone.
 */
export const razorpayApi = new Hono<AppEnv>()
  .post("/razorpay/pay", validate("json", payBody), async (c) =>
    c.json(await payStepOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  )
  .post("/razorpay/process-payment", validate("json", processPaymentBody), async (c) =>
    c.json(await processPaymentOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  )
  .post(
    "/razorpay/callback",
    validate("query", z.object({ order_id: publicId })),
    validate(
      "form",
      z.object({
        razorpay_order_id: z.optional(z.string().check(z.maxLength(60))),
        razorpay_payment_id: z.optional(z.string().check(z.maxLength(60))),
        razorpay_signature: z.optional(z.string().check(z.maxLength(128))),
        "error[code]": z.optional(z.string().check(z.maxLength(100))),
        "error[description]": z.optional(z.string().check(z.maxLength(500))),
        "error[metadata]": z.optional(z.string().check(z.maxLength(1000))),
      }),
    ),
    async (c) => {
      const tenantId = c.var.tenant.id;
      const { order_id } = c.req.valid("query");
      // The store's gateway (its keys) is read beside the order.
      const [order, gateway] = await Promise.all([payableOrder(c.env.DB, tenantId, order_id), storeGateway(c.env, c.var.tenant)]);
      if (!order) orderNotFound();
      const form = c.req.valid("form");
      const success = z.object(checkoutResult).safeParse(form);
      if (success.success) {
        await applyCheckoutSuccess(c.env, c.var.tenant, order, success.data, effectsContextOf(originContextOf(c)), { gateway });
      } else if (form["error[metadata]"]) {
        const metadata = z.object({ payment_id: gatewayId("pay"), order_id: z.string() }).safeParse(parseJson(form["error[metadata]"]));
        if (metadata.success && metadata.data.order_id === order.gateway?.orderId) {
          await applyCheckoutFailure(c.env, c.var.tenant, order, metadata.data.payment_id, effectsContextOf(originContextOf(c)), {
            gateway,
          });
        }
      }
      // Whatever happened, the shopper sees where the order stands (paid, failed with "Try again", or still waiting).
      c.header("Cache-Control", "no-store");
      return c.redirect(`/order-placed/${encodeURIComponent(order.publicId)}`, 303);
    },
  )
  .post("/razorpay/webhook", async (c) => {
    const outcome = await receiveWebhook(
      c.env,
      c.var.tenant,
      await c.req.arrayBuffer(),
      c.req.header("X-Razorpay-Signature") ?? "",
      c.req.header("x-razorpay-event-id") ?? "",
      effectsContextOf(originContextOf(c)),
    );
    if (outcome.status !== 200) return errorResponse(c, outcome.status, { code: outcome.code, message: outcome.message });
    return c.json({ ok: true, result: outcome.result }, 200, { "Cache-Control": "no-store" });
  });
