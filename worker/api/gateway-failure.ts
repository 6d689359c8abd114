import { message } from "../../commerce/i18n/message";
import { ApiError } from "../http/errors";
import { GatewayError, GatewayOrderBusy } from "../payments";

/**
 * The shopper's message for a pay step the gateway did not complete. Razorpay's 4xx answers are refusals of this
 * request (an amount under its minimum, the store's keys rejected), which trying again cannot fix, so they are never
 * told as "did not answer"; only a timeout, a 5xx or a 429 is.
 */
export function gatewayFailure(error: unknown): ApiError | null {
  if (error instanceof GatewayOrderBusy) {
    return new ApiError(503, "payment_busy", message("errors.payment_busy"), undefined, {
      "Retry-After": "2",
    });
  }
  if (!(error instanceof GatewayError)) return null;
  console.warn("gateway order not created", error.message);
  if (error.status === 401) {
    return new ApiError(502, "payment_gateway_refused", message("errors.payment_gateway_misconfigured"));
  }
  if (error.refused) {
    const tooSmall = /amount/i.test(error.description ?? "");
    return new ApiError(
      422,
      "payment_gateway_refused",
      tooSmall ? message("errors.amount_too_small_online") : message("errors.payment_gateway_refused"),
    );
  }
  return new ApiError(502, "payment_gateway_failed", message("errors.payment_gateway_failed"));
}
