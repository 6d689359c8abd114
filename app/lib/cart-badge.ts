/** The nav badge: the number of items in the cart, or the message of a cart read that failed. */
export interface CartBadge {
  count: number;
  error: string | null;
}
