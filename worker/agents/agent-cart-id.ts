import { isGuestId, newGuestId, parseId } from "../../commerce/ids";
import type { AgentShopper } from "./store-client";

/**
 * A cart id as the agent holds it: the guest id minted for its cart and the branch the cart is at, `<guest id>.<branch>`.
 * It is the agent's session (decision 089): whoever holds it holds that cart and nothing else, as a guest cookie does.
 */
export function newAgentShopper(branchId: number): AgentShopper {
  return { guestId: newGuestId(), branchId };
}

export function cartIdOf(shopper: AgentShopper): string {
  return `${shopper.guestId}.${shopper.branchId}`;
}

/** The shopper a cart id names; null for text that is no cart id of ours. */
export function shopperOfCartId(cartId: string): AgentShopper | null {
  const [guestId, branch, ...rest] = cartId.split(".");
  const branchId = parseId(branch);
  return rest.length === 0 && isGuestId(guestId) && branchId !== null ? { guestId, branchId } : null;
}
