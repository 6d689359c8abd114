import { createExecutionContext, env } from "cloudflare:test";
import type { OriginContext } from "../../worker/api/origin-context";
import type { Shopper } from "../../worker/shopper/shopper";
import { resolveTenant } from "../../worker/tenancy/resolve-tenant";

/** The context a page's load context makes for `shopper` in the food store at its first branch (decision 066). */
export async function foodPageContext(shopper: Shopper): Promise<OriginContext> {
  const ctx = createExecutionContext();
  const tenant = await resolveTenant(env, "food.localhost", (promise) => ctx.waitUntil(promise));
  if (!tenant) throw new Error("the food store is not served");
  return {
    env,
    ctx,
    tenant,
    branchId: 1,
    language: "en",
    shopperFor: () => shopper,
    client: "direct",
    site: { host: "food.localhost", origin: "http://food.localhost" },
  };
}
