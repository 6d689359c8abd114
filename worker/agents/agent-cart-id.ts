import type { AgentShopper } from "./store-client";

/**
 * A cart id as the agent holds it: the guest id minted for its cart and the branch the cart is at, `<32 hex>.<branch>`.
 * It is the agent's session (decision 089): whoever holds it holds that cart and nothing else, as a guest cookie does.
 */
const CART_ID = /^([0-9a-f]{32})\.([1-9][0-9]{0,8})$/;

export function newAgentShopper(branchId: number): AgentShopper {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const guestId = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return { guestId, branchId };
}

export function cartIdOf(shopper: AgentShopper): string {
  return `${shopper.guestId}.${shopper.branchId}`;
}

/** The shopper a cart id names; null for text that is no cart id of ours. */
export function shopperOfCartId(cartId: string): AgentShopper | null {
  const match = CART_ID.exec(cartId);
  return match ? { guestId: match[1] as string, branchId: Number(match[2]) } : null;
}
