import { createExecutionContext, env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../worker/api";
import { call, newCustomer } from "./accounts-helpers";
import { json } from "./request";
import { setSetting } from "./settings-helpers";
import { creditWallet } from "./wallet-credit";

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
    await creditWallet(1, me.id, "cash", 500);
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

describe("the checkout's payment methods", () => {
  it("are labelled in the caller's language", async () => {
    const me = await newCustomer();
    const labels = async (headers: Record<string, string>) =>
      (
        await json<{ payment_methods: { method: string; label: string }[] }>(
          await call("/api/checkout-options", { method: "GET", token: me.token, headers }),
        )
      ).payment_methods.find((m) => m.method === "cod")?.label;
    expect(await labels({})).toBe("Cash on delivery");
    expect(await labels(GERMAN)).toBe("Barzahlung bei Lieferung");
  });
});

describe("the notice of a place search without a geocoder", () => {
  it("is said in the caller's language", async () => {
    const deployed = { ...env, GOOGLE_MAPS_API_KEY: "", DEV_TOOLS: "" };
    const notice = async (headers: Record<string, string>) => {
      const answer = await api.request(
        "http://food.localhost/api/google/address?q=Koramangala",
        { headers },
        deployed,
        createExecutionContext(),
      );
      return (await json<{ notice: string | null }>(answer)).notice;
    };
    expect(await notice({})).toBe(
      "Address search is not set up for this store: it knows only a few areas. Choose a branch from the list, or type your address.",
    );
    expect(await notice(GERMAN)).toMatch(/^Die Adresssuche ist für diesen Shop nicht eingerichtet/);
  });
});
