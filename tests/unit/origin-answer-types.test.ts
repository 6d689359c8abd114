import { describe, expectTypeOf, it } from "vitest";
import type { browserOrigin } from "../../app/browser-origin";
import type { CustomerDetails } from "../../worker/accounts/customers";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { OffersAnswer } from "../../worker/cart/offers";
import type { Page } from "../../worker/catalog/list-products";
import type { ProductCard } from "../../worker/catalog/product-card";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import type { PageOrigin } from "../../worker/origin/page-origin";
import type { StoreData } from "../../worker/store-data/store-data";

/** What a call of the browser's typed client (`hc` over the route table) says its success answer's body is. */
type Answer<Call> = Call extends (...args: never[]) => Promise<infer R>
  ? R extends { json(): Promise<infer Body> }
    ? Body
    : never
  : never;
type Api = ReturnType<typeof browserOrigin>["api"];

// Checked by `npm run typecheck` (tsc reads the tests too): the browser's scripts take these answers without a cast, so
// a handler that stops answering through Hono's typed helpers fails here before it reaches a page.
describe("the origin client's answers are inferred from the route table", () => {
  it("the cart", () => {
    expectTypeOf<Answer<Api["get-cart"]["$get"]>>().toEqualTypeOf<CartAnswer>();
    expectTypeOf<Answer<Api["cart"]["add"]["$post"]>>().toEqualTypeOf<CartAnswer>();
    expectTypeOf<Answer<Api["get-discounts"]["$get"]>>().toEqualTypeOf<OffersAnswer>();
  });

  it("the catalogue", () => {
    expectTypeOf<Answer<Api["get-data"]["$get"]>>().toEqualTypeOf<StoreData>();
    expectTypeOf<Answer<Api["get-products"]["$get"]>>().toEqualTypeOf<Page<ProductCard>>();
    expectTypeOf<Answer<Api["get-product"]["$get"]>>().toEqualTypeOf<ProductDetail>();
  });

  it("the account", () => {
    expectTypeOf<Answer<Api["user"]["details"]["$get"]>>().toEqualTypeOf<CustomerDetails>();
    expectTypeOf<Answer<Api["login"]["$post"]>>().toEqualTypeOf<{ token: string; user: CustomerDetails }>();
  });
});

/** What a page's operation answers (decision 066). */
type Operation<Name extends keyof PageOrigin> = PageOrigin[Name] extends (...args: never[]) => Promise<infer R> ? R : never;

// The two transports of one contract: what a page's operation answers is what the same call answers over HTTP.
describe("a page's operations answer what their routes answer", () => {
  it("reads and changes of each capability", () => {
    expectTypeOf<Operation<"cart">>().toEqualTypeOf<Answer<Api["get-cart"]["$get"]>>();
    expectTypeOf<Operation<"addToCart">>().toEqualTypeOf<Answer<Api["cart"]["add"]["$post"]>>();
    expectTypeOf<Operation<"storeData">>().toEqualTypeOf<Answer<Api["get-data"]["$get"]>>();
    expectTypeOf<Operation<"product">>().toEqualTypeOf<Answer<Api["get-product"]["$get"]>>();
    expectTypeOf<Operation<"userDetails">>().toEqualTypeOf<Answer<Api["user"]["details"]["$get"]>>();
    expectTypeOf<Operation<"login">>().toEqualTypeOf<Answer<Api["login"]["$post"]>>();
    expectTypeOf<Operation<"addresses">>().toEqualTypeOf<Answer<Api["address"]["get-addresses"]["$get"]>>();
    expectTypeOf<Operation<"singleOrder">>().toEqualTypeOf<Answer<Api["get-single-order"]["$get"]>>();
    expectTypeOf<Operation<"walletHistory">>().toEqualTypeOf<Answer<Api["user"]["wallet-history"]["$get"]>>();
    expectTypeOf<Operation<"checkoutLink">>().toEqualTypeOf<Answer<Api["cart"]["checkout-link"][":token"]["$get"]>>();
    expectTypeOf<Operation<"redeemCheckoutLink">>().toEqualTypeOf<Answer<Api["cart"]["checkout-link"][":token"]["redeem"]["$post"]>>();
  });
});
