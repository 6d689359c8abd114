import * as z from "../../commerce/zod";
import type { Env } from "../env";
import type { Store } from "../tenancy/tenant";

/**
 * What a live store needs, each as set or missing (issue 25, decision 043): the deployment's secrets and transports,
 * and the store's own payment keys. The owner's API call (`GET /api/admin/go-live`) answers it for the key's store, and
 * `npm run doctor` prints it for every local store, or asks a deployment's call with `--remote`.
 */

export const goLiveCheckSchema = z.object({
  name: z.string(),
  status: z.enum(["set", "missing"]),
  /** What it is for, and what happens without it. */
  detail: z.string(),
});
export type GoLiveCheck = z.infer<typeof goLiveCheckSchema>;

export const goLiveReportSchema = z.object({
  store: z.string(),
  /** True when every check is set. */
  ready: z.boolean(),
  checks: z.array(goLiveCheckSchema),
});
export type GoLiveReport = z.infer<typeof goLiveReportSchema>;

type Settings = Pick<Env, "PASSWORD_PEPPER" | "PAYMENT_SECRETS_KEY" | "MESSAGES_URL" | "MESSAGES_TOKEN" | "GOOGLE_MAPS_API_KEY">;

function check(name: string, isSet: boolean, detail: string): GoLiveCheck {
  return { name, status: isSet ? "set" : "missing", detail };
}

/** The deployment's own settings, the same for every store it serves. */
export function deploymentChecks(env: Settings): GoLiveCheck[] {
  return [
    check("PASSWORD_PEPPER", Boolean(env.PASSWORD_PEPPER), "secret mixed into password hashes; without it accounts answer 503"),
    check(
      "PAYMENT_SECRETS_KEY",
      Boolean(env.PAYMENT_SECRETS_KEY),
      "secret the stores' Razorpay secrets are sealed with; without it no store takes card payments",
    ),
    check(
      "MESSAGES_URL",
      Boolean(env.MESSAGES_URL && env.MESSAGES_TOKEN),
      "messages transport (MESSAGES_URL and MESSAGES_TOKEN); without it sign-in codes and reset links are refused",
    ),
    check(
      "GOOGLE_MAPS_API_KEY",
      Boolean(env.GOOGLE_MAPS_API_KEY),
      "geocoder key; without it address search knows only the demo areas and addresses are typed in",
    ),
  ];
}

/** One store's payment keys and webhook secret, as `npm run store:razorpay` writes them (tenant-scoped reads). */
export async function storeChecks(db: D1Database, store: Store): Promise<GoLiveCheck[]> {
  const secrets = await db.prepare("SELECT name FROM store_secrets WHERE tenant_id = ?1").bind(store.id).all<{ name: string }>();
  const sealed = new Set(secrets.results.map((row) => row.name));
  const keyId = store.settings.razorpayKeyId !== null;
  return [
    check(
      "razorpay keys",
      keyId && sealed.has("razorpay_key_secret"),
      "the store's Razorpay key id and key secret (npm run store:razorpay); without them it takes no card payments",
    ),
    check(
      "razorpay webhook",
      sealed.has("razorpay_webhook_secret"),
      "the store's Razorpay webhook secret (npm run store:razorpay); without it payments settle only by the cron",
    ),
  ];
}

export async function goLiveReport(env: Settings & { DB: D1Database }, store: Store & { slug: string }): Promise<GoLiveReport> {
  const checks = [...deploymentChecks(env), ...(await storeChecks(env.DB, store))];
  return { store: store.slug, ready: checks.every((c) => c.status === "set"), checks };
}
