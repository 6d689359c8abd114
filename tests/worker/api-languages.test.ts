import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastMessageTo, newAccount, register } from "./accounts-helpers";
import { postForm } from "./page-session";
import { json, request, viaCloudflare } from "./request";
import { setSetting } from "./settings-helpers";

// Issue 40 item 1, decision 079: the API's refusals and the messages it sends speak the caller's language: a page's own
// (its address's prefix), or an HTTP caller's Accept-Language among the store's languages, else the store's own.

const NO_PRODUCT = {
  en: "There is no such product in this store.",
  de: "Dieses Produkt gibt es in diesem Shop nicht.",
  hi: "इस स्टोर में ऐसा कोई प्रोडक्ट नहीं है।",
  ar: "لا يوجد منتج كهذا في هذا المتجر.",
};

const productAsked = (host: string, acceptLanguage?: string) =>
  request(host, "/api/get-product?slug=no-such-product", { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} });

/** A JSON call from a client of its own, so the test stays within per-client limits. */
function post(host: string, path: string, body: unknown, acceptLanguage?: string) {
  const visitor = viaCloudflare();
  return request(host, path, {
    method: "POST",
    cf: visitor.cf,
    headers: { ...visitor.headers, "Content-Type": "application/json", ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}) },
    body: JSON.stringify(body),
  });
}

// The food store speaks English and offers Hindi; for these tests it offers German too. The Arabic demo store is not
// among the tests' stores: the new store is written in Arabic for them instead.
const ARABIC_HOST = "new.localhost";
let arabicStore = 0;
let ownLanguage: string | null = null;

beforeAll(async () => {
  await setSetting(1, "languages", "hi,de");
  const host = await env.DB.prepare("SELECT tenant_id FROM tenant_hosts WHERE hostname = ?1")
    .bind(ARABIC_HOST)
    .first<{ tenant_id: number }>();
  arabicStore = host!.tenant_id;
  const own = await env.DB.prepare("SELECT value FROM site_settings WHERE tenant_id = ?1 AND key = 'language'")
    .bind(arabicStore)
    .first<{ value: string }>();
  ownLanguage = own?.value ?? null;
  await setSetting(arabicStore, "language", "ar");
});

afterAll(async () => {
  await setSetting(1, "languages", "hi");
  await setSetting(arabicStore, "language", ownLanguage);
});

describe("the API's refusals, in the caller's language", () => {
  it("are the spec's English by default, in a language the store speaks when Accept-Language names it", async () => {
    const plain = await productAsked("food.localhost");
    expect(plain.status).toBe(404);
    expect(await json(plain)).toEqual({ code: "not_found", message: NO_PRODUCT.en });
    expect(await json(await productAsked("food.localhost", "de-DE,de;q=0.9,en;q=0.5"))).toEqual({
      code: "not_found",
      message: NO_PRODUCT.de,
    });
    expect(await json(await productAsked("food.localhost", "fr, hi;q=0.8, de;q=0.5"))).toMatchObject({ message: NO_PRODUCT.hi });
    // A language the store does not speak (Arabic, here), or one refused with q=0, is not chosen.
    expect(await json(await productAsked("food.localhost", "ar"))).toMatchObject({ message: NO_PRODUCT.en });
    expect(await json(await productAsked("food.localhost", "de;q=0, en-GB"))).toMatchObject({ message: NO_PRODUCT.en });
  });

  it("are the store's own language for a caller naming none: Arabic in a store written in Arabic", async () => {
    expect(await json(await productAsked(ARABIC_HOST))).toEqual({ code: "not_found", message: NO_PRODUCT.ar });
    expect(await json(await productAsked(ARABIC_HOST, "de"))).toMatchObject({ message: NO_PRODUCT.ar });
  });

  it("keep their code, and name each field's problem in the caller's language", async () => {
    const body = { ...newAccount(), email: "not an email" };
    const english = await json<{ code: string; message: string; issues: { path: string; message: string }[] }>(
      await post("food.localhost", "/api/register", body),
    );
    expect(english).toEqual({
      code: "invalid_input",
      message: "email: Enter a valid email address.",
      issues: [{ path: "email", message: "Enter a valid email address." }],
    });
    const german = await json(await post("food.localhost", "/api/register", body, "de"));
    expect(german).toEqual({
      code: "invalid_input",
      message: "email: Geben Sie eine gültige E-Mail-Adresse ein.",
      issues: [{ path: "email", message: "Geben Sie eine gültige E-Mail-Adresse ein." }],
    });
    const arabic = await json(await post(ARABIC_HOST, "/api/register", body));
    expect(arabic).toMatchObject({ code: "invalid_input", issues: [{ path: "email", message: "أدخل بريدًا إلكترونيًا صالحًا." }] });
  });

  it("put a check's bounds and values into its words", async () => {
    const filtered = await request("food.localhost", "/api/get-category-products?slug=x&filter=spicy&rating=5", {
      headers: { "Accept-Language": "de" },
    });
    expect(filtered.status).toBe(400);
    expect(await json(filtered)).toMatchObject({
      issues: expect.arrayContaining([
        { path: "filter", message: '"spicy" muss die Form Schlüssel:Wert haben' },
        { path: "rating", message: "muss einer dieser Werte sein: 4, 3, 2" },
      ]),
    });
    const english = await json<{ message: string }>(await request("food.localhost", "/api/get-category-products?slug=x&filter=spicy"));
    expect(english.message).toBe('filter: "spicy" must be key:value');
    const body = { ...newAccount(), name: "n".repeat(101) };
    expect(await json(await post("food.localhost", "/api/register", body, "hi"))).toMatchObject({
      issues: [{ path: "name", message: "ज़्यादा से ज़्यादा 100 अक्षरों का नाम रखें।" }],
    });
    const address = { name: "", phone: "9876543210", line1: "x".repeat(201), city: "Pune", state: "MH", pincode: "411001" };
    const { signedIn } = await register();
    const refused = await request("food.localhost", "/api/address/add", {
      method: "POST",
      headers: { Authorization: `Bearer ${signedIn.token}`, "Content-Type": "application/json", "Accept-Language": "de" },
      body: JSON.stringify(address),
    });
    expect(await json(refused)).toMatchObject({
      issues: [
        { path: "name", message: "Geben Sie den Namen der empfangenden Person ein." },
        { path: "line1", message: "Verwenden Sie höchstens 200 Zeichen." },
      ],
    });
  });
});

describe("a page's refusals, in the page's language", () => {
  it("a page in German shows the API's refusal in German, the same page without a prefix in English", async () => {
    const { account } = await register();
    const wrong = { login: account.email, password: "not the password", redirectTo: "/account" };
    const english = await postForm("/login", wrong);
    expect(english.status).toBe(422);
    expect(await english.text()).toContain("That email or phone number and password do not match an account.");
    const german = await postForm("/de/login", wrong);
    expect(german.status).toBe(422);
    expect(await german.text()).toContain("Diese E-Mail-Adresse oder Telefonnummer und dieses Passwort passen zu keinem Konto.");
    const hindi = await postForm("/hi/login", wrong);
    expect(await hindi.text()).toContain("यह ईमेल या फ़ोन नंबर और पासवर्ड किसी खाते से मेल नहीं खाते।");
  });

  it("the form reader refuses a body no form sends in the page's language", async () => {
    const visitor = viaCloudflare();
    const notAForm = await request("food.localhost", "/hi/login", {
      method: "POST",
      cf: visitor.cf,
      headers: { ...visitor.headers, "Content-Type": "text/plain", Origin: "http://food.localhost" },
      body: "hello",
    });
    expect(notAForm.status).toBe(400);
    expect(await notAForm.text()).toContain("यह फ़ॉर्म पढ़ा नहीं जा सका।");
  });

  it("a client cannot name the page's language for the form reader: the address does", async () => {
    const visitor = viaCloudflare();
    const notAForm = await request("food.localhost", "/login", {
      method: "POST",
      cf: visitor.cf,
      headers: { ...visitor.headers, "Content-Type": "text/plain", Origin: "http://food.localhost", "X-Page-Language": "hi" },
      body: "hello",
    });
    expect(notAForm.status).toBe(400);
    expect(await notAForm.text()).toContain("This form could not be read. Please go back to the page and send it again.");
  });
});

describe("messages sent to shoppers, in the language of the request that caused them", () => {
  it("a sign-in code asked for from a page in Hindi is texted in Hindi; from the page in English, in English", async () => {
    const { account } = await register();
    expect((await postForm("/hi/login", { intent: "send-code", to: account.phone, redirectTo: "/account" })).status).toBe(303);
    const hindi = await lastMessageTo(account.phone);
    expect(hindi?.body).toMatch(/^\d{6} food\.localhost के लिए आपका साइन-इन कोड है। यह एक बार, 10 मिनट तक काम करता है।/);
  });

  it("a sign-in code asked for over HTTP is mailed in the store's own language, or the caller's", async () => {
    const { account } = await register(newAccount(), ARABIC_HOST);
    expect((await post(ARABIC_HOST, "/api/send-login-otp", { email: account.email })).status).toBe(200);
    const arabic = await lastMessageTo(account.email);
    expect(arabic?.subject).toBe("رمز تسجيل الدخول إلى new.localhost");
    expect(arabic?.body).toContain("هو رمز تسجيل الدخول إلى new.localhost");

    const { account: other } = await register();
    const answer = await post("food.localhost", "/api/send-login-otp", { email: other.email }, "de");
    expect(await json(answer)).toEqual({
      ok: true,
      message: "Falls ein Konto diese E-Mail-Adresse oder Telefonnummer verwendet, ist ein Anmeldecode unterwegs. Er gilt 10 Minuten.",
    });
    const german = await lastMessageTo(other.email);
    expect(german?.subject).toBe("Ihr Anmeldecode für food.localhost");
    expect(german?.body).toMatch(/^\d{6} ist Ihr Anmeldecode für food\.localhost\. Er gilt einmal, für 10 Minuten\./);
  });

  it("the spec's English by default", async () => {
    const { account } = await register();
    expect(await json(await post("food.localhost", "/api/send-login-otp", { email: account.email }))).toEqual({
      ok: true,
      message: "If an account uses this email address or phone number, a sign-in code is on its way. It works for 10 minutes.",
    });
    const english = await lastMessageTo(account.email);
    expect(english?.subject).toBe("Your sign-in code for food.localhost");
    expect(english?.body).toMatch(
      /^\d{6} is your sign-in code for food\.localhost\. It works once, for 10 minutes\. If you did not ask for it, ignore this message\.$/,
    );
  });
});
