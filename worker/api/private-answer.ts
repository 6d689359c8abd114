import { SHOPPER_CACHE_CONTROL } from "../../web/cache-control";

/** The headers of every API answer that depends on who asks: never stored by a shared cache, nor by the browser. */
export const PRIVATE_ANSWER = { "Cache-Control": SHOPPER_CACHE_CONTROL } as const;
