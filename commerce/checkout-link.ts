/**
 * Checkout links (issue 42, decision 090): an agent's guest cart, handed to the shopper by a link their browser opens
 * once. The link is a bearer secret in a chat, so it lives briefly: long enough to read the message and tap it.
 */
export const CHECKOUT_LINK_MINUTES = 30;

/** The page a link opens, followed by its token (app/routes/checkout_.continue.$token.tsx). */
export const CHECKOUT_LINK_PATH = "/checkout/continue/";
