import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "../../../commerce/zod";
import type { CartAnswer, CartAnswerItem } from "../../cart/cart-answer";
import type { ProductDetail } from "../../catalog/product-detail";
import { cartIdOf, newAgentShopper, shopperOfCartId } from "../agent-cart-id";
import { type AgentShopper, type StoreClient, StoreRefusal } from "../store-client";
import { meta, toolAnswer, toolRefusal } from "../ucp";
import { ucpCart } from "./cart-shapes";
import { runTool } from "./tool-run";

const id = z.number().check(z.int(), z.gte(1));
/** The API's own limits say what is too many (cart-limits): only the request's size is bounded here. */
const line = z.object({
  id: z.optional(z.string().check(z.maxLength(20))),
  item: z.object({ id: z.string().check(z.minLength(1), z.maxLength(120), z.regex(/^[A-Za-z0-9-]+$/)) }),
  quantity: z.number().check(z.int()),
  selected_options: z.optional(z.array(z.object({ option_id: id, value_id: id })).check(z.maxLength(20))),
  selected_add_ons: z.optional(z.array(z.object({ group_id: id, value_ids: z.array(id).check(z.maxLength(100)) })).check(z.maxLength(20))),
});
const fulfillment = z.union([
  z.object({ type: z.literal("pickup") }),
  z.object({
    type: z.literal("delivery"),
    postal_code: z.optional(z.string().check(z.maxLength(20))),
    latitude: z.optional(z.number().check(z.gte(-90), z.lte(90))),
    longitude: z.optional(z.number().check(z.gte(-180), z.lte(180))),
  }),
]);
const cartBody = {
  line_items: z.optional(z.array(line).check(z.maxLength(50))),
  fulfillment: z.optional(fulfillment),
  discounts: z.optional(z.object({ codes: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(1)) })),
};
const cartId = z.string().check(z.maxLength(64));

type Line = z.infer<typeof line>;
type CartChanges = { line_items?: Line[]; fulfillment?: z.infer<typeof fulfillment>; discounts?: { codes: string[] } };

const LINE_HELP =
  "Each line: `item.id` a product id or handle (search_catalog, get_product), `quantity`, and, for a product with options, " +
  "`selected_options` (one value for each option: {option_id, value_id}) and `selected_add_ons` ({group_id, value_ids}) " +
  "as get_product lists them. The store refuses what its pages refuse, with the message a shopper would read.";

/** UCP's cart tools (create_cart, get_cart, update_cart, cancel_cart) over a guest cart of the agent's own. */
export function registerCartTools(server: McpServer, store: StoreClient) {
  server.registerTool(
    "create_cart",
    {
      title: "Create a cart",
      description:
        "Starts a cart of your own at a branch (`branch_id`, list_branches; default the store's first) and answers its " +
        `\`id\`, which every other cart tool takes: keep it, it is the cart. ${LINE_HELP} \`fulfillment\` chooses delivery ` +
        "(with a postal code or position) or pickup at the branch.",
      inputSchema: z.object({ meta, cart: z.object({ ...cartBody, branch_id: z.optional(id) }) }),
    },
    ({ cart }) =>
      runTool(async () => {
        const shopper = newAgentShopper(cart.branch_id ?? (await mainBranchId(store)));
        return answerCart(store, shopper, await applyChanges(store, shopper, cart));
      }),
  );

  server.registerTool(
    "get_cart",
    {
      title: "Read a cart",
      description: "The cart as it stands, priced now at its branch: lines, totals, delivery or pickup, and any message from the store.",
      inputSchema: z.object({ meta, id: cartId }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => withCart(id, async (shopper) => answerCart(store, shopper, await readCart(store, shopper))),
  );

  server.registerTool(
    "update_cart",
    {
      title: "Change a cart",
      description:
        "Changes the cart. `line_items`, when given, is the whole cart: a line with its `id` (from the last answer) " +
        "keeps that line with the quantity and choices given, a line without one is added, and lines left out are " +
        `removed. ${LINE_HELP} \`fulfillment\` and \`discounts.codes\` (one coupon code; [] removes it) change only ` +
        "when given. Each change is checked as the store's cart checks it; a refused one stops there and says why.",
      inputSchema: z.object({ meta, id: cartId, cart: z.object(cartBody) }),
    },
    ({ id, cart }) => withCart(id, async (shopper) => answerCart(store, shopper, await applyChanges(store, shopper, cart))),
  );

  server.registerTool(
    "cancel_cart",
    {
      title: "Empty a cart",
      description: "Removes every line from the cart. Its id stays usable.",
      inputSchema: z.object({ meta, id: cartId }),
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id }) => withCart(id, async (shopper) => answerCart(store, shopper, await applyChanges(store, shopper, { line_items: [] }))),
  );
}

/** Runs a tool on the cart its id names; text that is no cart id of ours is refused as not found. */
export function withCart<T>(cartId: string, work: (shopper: AgentShopper) => Promise<T>) {
  const shopper = shopperOfCartId(cartId);
  if (!shopper) return Promise.resolve(toolRefusal("not_found", "Cart not found: use the id create_cart answered."));
  return runTool(() => work(shopper));
}

async function answerCart(store: StoreClient, shopper: AgentShopper, cart: CartAnswer) {
  return toolAnswer({ cart: ucpCart(await store.settings(), cartIdOf(shopper), cart) });
}

function readCart(store: StoreClient, shopper: AgentShopper): Promise<CartAnswer> {
  return store.get<CartAnswer>("/api/get-cart", {}, shopper);
}

async function mainBranchId(store: StoreClient): Promise<number> {
  const data = await store.get<{ branches: { id: number; is_main_branch: 0 | 1 }[] }>("/api/get-data");
  return (data.branches.find((b) => b.is_main_branch === 1) ?? data.branches[0])?.id ?? 1;
}

/**
 * Makes the cart what the changes say, one API call per change (each refused or made whole, as the API does): lines
 * named by id are updated, new ones added, and lines left out removed last, so a refusal leaves the cart's lines as
 * they were or with more, never with fewer. Then fulfilment and the coupon. Answers the cart as it stands.
 */
async function applyChanges(store: StoreClient, shopper: AgentShopper, changes: CartChanges): Promise<CartAnswer> {
  let cart = await readCart(store, shopper);
  if (changes.line_items) {
    const kept = new Set<number>();
    for (const wanted of changes.line_items) {
      const productId = await productIdOf(store, wanted.item.id, shopper);
      const existing = lineFor(cart.cartItems, wanted, productId);
      if (wanted.id !== undefined && !existing) throw new StoreRefusal(404, "not_found", `Line ${wanted.id} is not in this cart.`);
      const selection = selectionOf(wanted);
      if (existing) {
        cart = await store.write<CartAnswer>(
          "PUT",
          "/api/cart/update",
          { cart_id: existing.id, quantity: wanted.quantity, ...selection },
          shopper,
        );
        kept.add(existing.id);
      } else {
        cart = await store.write<CartAnswer>(
          "POST",
          "/api/cart/add",
          { product_id: productId, quantity: wanted.quantity, ...selection },
          shopper,
        );
        const added = lineFor(cart.cartItems, wanted, productId);
        if (added) kept.add(added.id);
      }
    }
    for (const line of cart.cartItems.filter((l) => !kept.has(l.id))) {
      cart = await store.write<CartAnswer>("DELETE", `/api/cart/remove/${line.id}`, undefined, shopper);
    }
  }
  if (changes.fulfillment) {
    const { type } = changes.fulfillment;
    cart = await store.write<CartAnswer>("PUT", "/api/cart/fulfillment", { fulfillment: type }, shopper);
    if (changes.fulfillment.type === "delivery") {
      const { postal_code, latitude, longitude } = changes.fulfillment;
      if (postal_code !== undefined || latitude !== undefined || longitude !== undefined) {
        cart = await store.write<CartAnswer>(
          "PUT",
          "/api/cart/delivery-location",
          { pincode: postal_code ?? null, latitude: latitude ?? null, longitude: longitude ?? null },
          shopper,
        );
      }
    }
  }
  if (changes.discounts) {
    const [code] = changes.discounts.codes;
    cart =
      code === undefined
        ? await store.write<CartAnswer>("DELETE", "/api/cart/coupon", undefined, shopper)
        : await store.write<CartAnswer>("POST", "/api/cart/apply-coupon", { code }, shopper);
  }
  return cart;
}

/** A product id as the cart takes it: as given when it is one, else the product a handle names (404 if none). */
async function productIdOf(store: StoreClient, itemId: string, shopper: AgentShopper): Promise<number> {
  if (/^[1-9][0-9]{0,15}$/.test(itemId)) return Number(itemId);
  return (await store.get<ProductDetail>("/api/get-product", { slug: itemId }, shopper)).id;
}

function selectionOf(wanted: Line) {
  return {
    selected_attributes: Object.fromEntries((wanted.selected_options ?? []).map((o) => [String(o.option_id), o.value_id])),
    selected_multi_attributes: Object.fromEntries((wanted.selected_add_ons ?? []).map((g) => [String(g.group_id), g.value_ids])),
  };
}

/** The cart's line a wanted line is: the one its id names, else the one with the same product and choices. */
function lineFor(lines: CartAnswerItem[], wanted: Line, productId: number): CartAnswerItem | undefined {
  if (wanted.id !== undefined) return lines.find((l) => String(l.id) === wanted.id);
  const key = selectionKey(selectionOf(wanted));
  return lines.find(
    (l) =>
      l.product_id === productId &&
      selectionKey({ selected_attributes: l.selectedAttributes, selected_multi_attributes: l.selectedMultiAttributes }) === key,
  );
}

function selectionKey(selection: {
  selected_attributes: Record<string, number>;
  selected_multi_attributes: Record<string, number[]>;
}): string {
  const single = Object.entries(selection.selected_attributes)
    .map(([k, v]) => `${k}=${v}`)
    .sort();
  const multi = Object.entries(selection.selected_multi_attributes)
    .filter(([, values]) => values.length > 0)
    .map(([k, values]) => `${k}=${[...values].sort((a, b) => a - b).join(",")}`)
    .sort();
  return [...single, ...multi].join(";");
}
