import { issueId } from "./i18n/message";
import { MAX_ID, parseId } from "./ids";
import { writtenText } from "./typed-text";
import * as z from "./zod";

/**
 * What placing an order takes, defined once (decision 066): the API validates its body and header with these, the
 * page's operation its input, and the checkout form's text is turned into the same values and checked by the same
 * rules, so the form and the API cannot come to accept different orders.
 */

/** A client's key for one checkout attempt: 16 to 64 URL-safe characters (a UUID fits). */
export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, issueId("errors.idempotency_key_format")));

/** POST /api/place-order's JSON body. */
export const placeOrderBody = z.object({
  fulfillment: z.enum(["delivery", "pickup"]),
  address_id: z.optional(z.number().check(z.int(), z.positive(), z.lte(MAX_ID))),
  payment_method: z.enum(["cod", "online"]),
  note: z.optional(writtenText(500)),
  expected_total: z.number().check(z.nonnegative(), z.lte(1e12)),
  /** Pay from the cash wallet, and from the reward wallet (up to the store's cap); the server computes how much. */
  use_wallet: z.optional(z.boolean()),
  use_reward: z.optional(z.boolean()),
});

/** The operation's input: the body, and the key the API reads from the Idempotency-Key header. */
export const placeOrderInput = z.extend(placeOrderBody, { idempotency_key: idempotencyKey });

/** A record id's text as the number it names; any other text stays text, for the schema to refuse. */
const idText = (value: unknown) => (typeof value === "string" ? (parseId(value) ?? value) : value);
/** A plain decimal's text ("249.5") as its number; any other text (empty, "1e3", " 2") stays text. */
const decimalText = (value: unknown) => (typeof value === "string" && /^\d{1,13}(\.\d{1,4})?$/.test(value) ? Number(value) : value);
/** A ticked box sends "true"; an unticked one sends nothing. */
const tickedText = (value: unknown) => (value === "true" ? true : value);

/**
 * The checkout form's fields (all text) as the body: the form's text turned into numbers and booleans in front of the
 * body's own rules, and the attempt's key under the form's name for it.
 */
export const placeOrderForm = z.extend(placeOrderBody, {
  key: idempotencyKey,
  address_id: z.pipe(z.transform(idText), placeOrderBody.shape.address_id),
  expected_total: z.pipe(z.transform(decimalText), placeOrderBody.shape.expected_total),
  use_wallet: z.pipe(z.transform(tickedText), placeOrderBody.shape.use_wallet),
  use_reward: z.pipe(z.transform(tickedText), placeOrderBody.shape.use_reward),
});
