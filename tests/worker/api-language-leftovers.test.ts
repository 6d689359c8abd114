import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditStatement } from "../../worker/wallet";
import { call, newCustomer } from "./accounts-helpers";
import { json } from "./request";
import { setSetting } from "./settings-helpers";

// Issue 40: the last English texts of /api answers that did not come from the catalogues, said in the caller's
// language (decision 079). The food store speaks English and offers Hindi; for these tests it offers German too.

const GERMAN = { "Accept-Language": "de" };

beforeAll(() => setSetting(1, "languages", "hi,de"));
afterAll(() => setSetting(1, "languages", "hi"));

describe("Hono's own refusal of a body it cannot parse", () => {
  it("keeps its English for an English caller, and is said in a German caller's words", async () => {
    const english = await call("/api/cart/add", { body: "{not json" });
    expect(english.status).toBe(400);
    expect(await json(english)).toEqual({ code: "bad_request", message: "Malformed JSON in request body" });
    const german = await call("/api/cart/add", { body: "{not json", headers: GERMAN });
    expect(german.status).toBe(400);
    expect(await json(german)).toEqual({ code: "bad_request", message: "Der Inhalt der Anfrage ist kein gültiges JSON." });
  });
});

describe("a wallet's entries", () => {
  it("say what each entry was in the caller's language", async () => {
    const me = await newCustomer();
    const key = `test:${crypto.randomUUID()}`;
    await creditStatement(env.DB, {
      tenantId: 1,
      customerId: me.id,
      wallet: "cash",
      amount: 500,
      source: "scratch_card",
      sourceId: key.slice(0, 64),
      key,
      expiresAt: null,
      now: Date.now(),
    }).run();
    const text = async (headers: Record<string, string>) =>
      (
        await json<{ entries: { data: { text: string }[] } }>(
          await call("/api/user/wallet-history", { method: "GET", token: me.token, headers }),
        )
      ).entries.data[0]?.text;
    expect(await text({})).toBe("Scratch card");
    expect(await text(GERMAN)).toBe("Rubbellos");
  });
});
