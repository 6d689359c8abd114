import { Hono } from "hono";
import { except } from "hono/combine";
import { MCP_PATH } from "../../commerce/agent-paths";
import { translatorOf } from "../../commerce/i18n/translators";
import { PAGE_SPEED_PATH } from "../../commerce/page-beacon";
import type { AppEnv } from "../app-env";
import { storeOwnerOnly } from "../http/admin-auth";
import { answerBeforeTheBody, bodyLimits } from "../http/body-limits";
import { branchMiddleware } from "../http/branch-middleware";
import { apiNotFound, callerLanguage, errorResponse, onApiError } from "../http/errors";
import { languageMiddleware } from "../http/language-middleware";
import { platformOnly } from "../http/platform-auth";
import { shopperMiddleware } from "../http/shopper-middleware";
import { STORE_UNAVAILABLE_RETRY_SECONDS, tenantMiddleware } from "../http/tenant-middleware";
import { accountApi } from "./account";
import { addressesApi } from "./addresses";
import { adminApi } from "./admin";
import { adminKeysApi } from "./admin-keys";
import { adminStaffApi } from "./admin-staff";
import { adminStoreApi } from "./admin-store";
import { branchesApi } from "./branches";
import { cartApi } from "./cart";
import { catalogApi } from "./catalog";
import { checkoutLinksApi } from "./checkout-links";
import { contentApi } from "./content";
import { geocodingApi } from "./geocoding";
import { answerAgent, mcpMethodNotAllowed } from "./mcp";
import { orderActionsApi } from "./order-actions";
import { orderUpdatesApi, ownerOrderUpdatesApi } from "./order-updates";
import { ordersApi } from "./orders";
import { pageSpeedApi } from "./page-speed";
import { passwordResetApi } from "./password-reset";
import { PLATFORM_PATHS, platformApi } from "./platform";
import { profileApi } from "./profile";
import { razorpayApi } from "./razorpay";
import { referralsApi } from "./referrals";
import { scratchCardsApi } from "./scratch-cards";
import { signInCodeApi } from "./sign-in-codes";
import { walletApi } from "./wallet";
import { wishlistApi } from "./wishlist";

const ADMIN_PATHS = "/api/admin/*";
const MCP_ROUTE = MCP_PATH.slice("/api".length);

/**
 * The origin API: one router per resource under /api. The Worker mounts it for HTTP clients, and the
 * pages' origin client dispatches to it in-process.
 */
export const api = new Hono<AppEnv>()
  .basePath("/api")
  .use(
    answerBeforeTheBody,
    // The platform's calls are for no store (decision 040).
    except(
      PLATFORM_PATHS,
      tenantMiddleware({
        // No store, so no language of its own: the source's (`callerLanguage`).
        unknownHost: (c) =>
          errorResponse(c, 404, { code: "unknown_store", message: translatorOf(callerLanguage(c))("errors.unknown_store") }),
        unavailable: (c, message) =>
          errorResponse(c, 503, { code: "store_unavailable", message }, { "Retry-After": String(STORE_UNAVAILABLE_RETRY_SECONDS) }),
      }),
    ),
    languageMiddleware,
    // A page-speed beacon is for no branch and no shopper (decision 084); an agent's request names its branch per tool,
    // and is no shopper's: its calls of this API are (decision 089).
    except([PLATFORM_PATHS, PAGE_SPEED_PATH, MCP_PATH], branchMiddleware),
  )
  // The owner's and the platform's calls take the largest bodies (store files, images): their key, and the scope the
  // call needs, are checked from the headers before the body is read, and a refusal goes out at once (decision 059).
  .use("/admin/*", storeOwnerOnly)
  .use("/platform/*", platformOnly)
  .use(
    bodyLimits,
    // The store owner's calls carry a store API key as their bearer, which is no shopper's session (decision 026).
    except([ADMIN_PATHS, PLATFORM_PATHS, PAGE_SPEED_PATH, MCP_PATH], shopperMiddleware),
  )
  // The store's MCP server calls this API in the Worker, as an HTTP client would (decision 089).
  .post(MCP_ROUTE, (c) => answerAgent(c, (request): Promise<Response> => Promise.resolve(api.fetch(request, c.env, c.executionCtx))))
  .all(MCP_ROUTE, mcpMethodNotAllowed)
  .route("/", contentApi)
  .route("/", catalogApi)
  .route("/", cartApi)
  .route("/", checkoutLinksApi)
  .route("/", accountApi)
  .route("/", profileApi)
  .route("/", signInCodeApi)
  .route("/", passwordResetApi)
  .route("/", addressesApi)
  .route("/", geocodingApi)
  .route("/", branchesApi)
  .route("/", ordersApi)
  .route("/", razorpayApi)
  .route("/", orderActionsApi)
  .route("/", walletApi)
  .route("/", scratchCardsApi)
  .route("/", referralsApi)
  .route("/", wishlistApi)
  .route("/", orderUpdatesApi)
  .route("/", pageSpeedApi)
  .route("/admin", adminApi)
  .route("/admin", adminStoreApi)
  .route("/admin", adminKeysApi)
  .route("/admin", adminStaffApi)
  .route("/admin", ownerOrderUpdatesApi)
  .route("/platform", platformApi)
  // Mounted in the Worker, a sub-app's notFound is not consulted; this keeps unknown /api paths out of Remix.
  .all("*", apiNotFound);

api.onError(onApiError);

export type ApiType = typeof api;
