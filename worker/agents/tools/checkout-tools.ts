import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { PUBLIC_ID } from "../../../commerce/ids";
import * as z from "../../../commerce/zod";
import type { CartAnswer } from "../../cart/cart-answer";
import type { TrackingAnswer } from "../../orders";
import { cartIdOf } from "../agent-cart-id";
import type { StoreClient } from "../store-client";
import { envelope, meta, toolAnswer, type UcpMessage } from "../ucp";
import { ucpCart } from "./cart-shapes";
import { withCart } from "./cart-tools";
import { runTool } from "./tool-run";

/** What POST /api/cart/checkout-link answers (decision 090). */
interface CheckoutLink {
  url: string;
  expires_at: string;
}

/**
 * UCP's create_checkout, as a hand-over only (decision 089): the agent never pays or places an order. It gets a link
 * that opens checkout with the cart in the shopper's own browser, once, where they sign in (or not) and pay.
 */
export function registerCheckoutTools(server: McpServer, store: StoreClient) {
  server.registerTool(
    "create_checkout",
    {
      title: "Hand the cart to the shopper to pay",
      description:
        "Makes a link for the shopper to open: it carries this cart into their own browser and opens the store's " +
        "checkout, where they sign in or not and pay. You cannot pay or place the order yourself. The link works once " +
        "and expires (`expires_at`); make a new one if it has. Give it to the shopper as it is.",
      inputSchema: z.object({ meta, cart_id: z.string().check(z.maxLength(64)) }),
      annotations: { openWorldHint: false },
    },
    ({ cart_id }) =>
      withCart(cart_id, async (shopper) => {
        const [link, cart, settings] = await Promise.all([
          store.write<CheckoutLink>("POST", "/api/cart/checkout-link", {}, shopper),
          store.get<CartAnswer>("/api/get-cart", {}, shopper),
          store.settings(),
        ]);
        const { ucp: _, ...priced } = ucpCart(settings, cartIdOf(shopper), cart);
        const handOver: UcpMessage = {
          type: "info",
          code: "requires_buyer_review",
          content: "Give the shopper continue_url: they pay in their own browser.",
        };
        return toolAnswer({
          checkout: {
            ucp: envelope("dev.ucp.shopping.checkout"),
            ...priced,
            status: "requires_escalation",
            continue_url: link.url,
            expires_at: link.expires_at,
            messages: [...(priced.messages ?? []), handOver],
          },
        });
      }),
  );

  server.registerTool(
    "get_order",
    {
      title: "Track an order",
      description:
        "Where an order is now, by the id in its tracking link (`/track-order/<id>`): its status, " +
        "each step with when it was reached, and what is in it by name. No address, phone or prices.",
      inputSchema: z.object({ meta, id: z.string().check(z.regex(PUBLIC_ID)) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) =>
      runTool(async () => {
        const order = await store.get<TrackingAnswer>("/api/get-single-order-to-track", { order_id: id });
        return toolAnswer({
          order: {
            ucp: envelope("dev.ucp.shopping.order"),
            id: order.id,
            number: order.number,
            status: order.status,
            status_text: order.status_text,
            fulfillment: { type: order.fulfillment, branch: order.branch_name },
            line_items: order.items.map((item) => ({ title: item.name, quantity: item.quantity })),
            placed_at: order.placed_at,
            steps: order.steps,
            permalink_url: `${store.origin}/track-order/${order.id}`,
          },
        });
      }),
  );
}
