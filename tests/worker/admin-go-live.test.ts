import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sealSecret } from "../../worker/payments";
import { adminCall, storeKey } from "./admin-helpers";
import { json } from "./request";
import { setSetting } from "./settings-helpers";
import { fetchWith } from "./worker-with";

interface Report {
  store: string;
  ready: boolean;
  checks: { name: string; status: "set" | "missing"; detail: string }[];
}

const statuses = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.name, c.status]));

/** The call against a Worker whose settings differ from the suite's. */
async function goLiveWith(settings: Record<string, string>, key: string, host = "food.localhost") {
  return fetchWith(new Request(`http://${host}/api/admin/go-live`, { headers: { Authorization: `Bearer ${key}` } }), settings);
}

async function tenantId(slug: string): Promise<number> {
  return (await env.DB.prepare("SELECT id FROM tenants WHERE slug = ?1").bind(slug).first<{ id: number }>())!.id;
}

describe("GET /api/admin/go-live", () => {
  it("needs the store's key", async () => {
    const response = await adminCall("/go-live", null);
    expect(response.status).toBe(401);
    expect(await json(response)).toMatchObject({ code: "unauthenticated" });
  });

  it("lists each setting of a store without payment keys, in a Worker without transports, as missing", async () => {
    const retail = await tenantId("retail");
    const response = await goLiveWith({ MESSAGES_URL: "", GOOGLE_MAPS_API_KEY: "" }, await storeKey(retail), "retail.localhost");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const report = await json<Report>(response);
    expect(report.store).toBe("retail");
    expect(report.ready).toBe(false);
    expect(statuses(report)).toEqual({
      PASSWORD_PEPPER: "set",
      PAYMENT_SECRETS_KEY: "set",
      MESSAGES_URL: "missing",
      GOOGLE_MAPS_API_KEY: "missing",
      "razorpay keys": "missing",
      "razorpay webhook": "missing",
    });
    // Only whether a secret is there, never its value.
    expect(JSON.stringify(report)).not.toContain(env.PASSWORD_PEPPER);
    for (const check of report.checks) expect(check.detail.length).toBeGreaterThan(10);
  });

  it("is ready once every setting is there: the deployment's and this store's own keys", async () => {
    const id = await tenantId("new");
    const key = env.PAYMENT_SECRETS_KEY;
    for (const [name, value] of [
      ["razorpay_key_secret", "ks"],
      ["razorpay_webhook_secret", "ws"],
    ] as const) {
      const { iv, ciphertext } = await sealSecret(key, name, value);
      await env.DB.prepare("INSERT INTO store_secrets (tenant_id, name, iv, ciphertext, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        .bind(id, name, iv, ciphertext, Date.now())
        .run();
    }
    const settings = { MESSAGES_URL: "https://relay.example/messages", MESSAGES_TOKEN: "t", GOOGLE_MAPS_API_KEY: "g" };
    const withoutKeyId = await json<Report>(await goLiveWith(settings, await storeKey(id), "new.localhost"));
    expect(statuses(withoutKeyId)).toMatchObject({ "razorpay keys": "missing", "razorpay webhook": "set", MESSAGES_URL: "set" });
    await setSetting(id, "razorpayKeyId", "rzp_test_abcdef");
    const ready = await json<Report>(await goLiveWith(settings, await storeKey(id), "new.localhost"));
    expect(ready.ready).toBe(true);
    expect(ready.checks.every((c) => c.status === "set")).toBe(true);
    // Another store's keys do not count for this one.
    const food = await json<Report>(await goLiveWith(settings, await storeKey(await tenantId("food"))));
    expect(statuses(food)["razorpay webhook"]).toBe("missing");
  });
});
