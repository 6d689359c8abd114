import { describe, expectTypeOf, it } from "vitest";
import type { CustomerDetails } from "../../worker/accounts/customers";
import type { CartAnswer } from "../../worker/cart/cart-answer";
import type { OffersAnswer } from "../../worker/cart/offers";
import type { Page } from "../../worker/catalog/list-products";
import type { ProductCard } from "../../worker/catalog/product-card";
import type { ProductDetail } from "../../worker/catalog/product-detail";
import type { OriginClient } from "../../worker/origin/origin-client";
import type { StoreData } from "../../worker/store-data/store-data";

/** What a call of the typed origin client says its success answer's body is. */
type Answer<Call> = Call extends (...args: never[]) => Promise<infer R>
  ? R extends { json(): Promise<infer Body> }
    ? Body
    : never
  : never;
type Api = OriginClient["api"];

// Checked by `npm run typecheck` (tsc reads the tests too): the loaders and the browser take these answers without a
// cast, so a handler that stops answering through Hono's typed helpers fails here before it reaches a page.
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
