import { describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY, decimalPlacesFrom } from "../../commerce/money";
import { storeSettings } from "../../commerce/store-settings";

describe("storeSettings", () => {
  it("gives every setting its default when the store sets none", () => {
    expect(storeSettings({})).toEqual({
      name: "Store",
      logo: null,
      isOpen: true,
      isDigital: false,
      currency: DEFAULT_CURRENCY,
      language: "en",
      languages: [],
      timeZone: "UTC",
      locale: "en-US",
      seo: { title: "Store", description: "", image: null },
      seoAffixes: {},
      favicons: [],
      poweredByHtml: null,
      connectivityProbeUrl: "/healthz",
      addedProduct: false,
      agents: true,
      adminOrigin: undefined,
      theme: expect.objectContaining({ "--brand": "#4f46e5", "--ink": "#1f2937" }),
      plugins: {
        enabled: [],
        config: { whatsapp: {}, google_analytics: {}, wheel_of_popups: {}, nudgify: {}, intercom: {}, tawk_to: {}, cookie_consent: {} },
      },
      pricing: { taxMode: "exclusive", showDeliveryDistance: false },
      checkout: {
        paymentMethods: ["cod"],
        codMaxAmount: null,
        orderPrefix: "#",
        cancelWindowMs: 15 * 60_000,
        paymentWindowMs: 30 * 60_000,
        currencyCode: "USD",
      },
      rewards: { maxPerOrder: null, percent: 0, expiryDays: null },
      referrals: { refereeReward: 0, referrerReward: 0, wallet: "cash" },
      scratchCards: null,
      lowStockThreshold: 5,
      razorpayKeyId: null,
    });
  });

  it("reads each group's rules with the store's currency precision", () => {
    const settings = storeSettings({
      decimalPlaces: "0",
      taxMode: "inclusive",
      showDeliveryDistance: "true",
      paymentMethods: "cod,online",
      codMaxAmount: "2000",
      rewardMaxPerOrder: "50",
      rewardPercent: "2.5",
      referralRefereeReward: "100",
      referralWallet: "reward",
      scratchCardsEnabled: "true",
      scratchCardMin: "10",
      scratchCardMax: "50",
      plugin_whatsapp_enable: "true",
      plugin_whatsapp_phone: "+919876543210",
      plugin_tawk_to_property_id: "abc",
      razorpayKeyId: "rzp_test_abcdef",
      storeBgColor: "#123456",
    });
    expect(settings).toMatchObject({
      pricing: { taxMode: "inclusive", showDeliveryDistance: true },
      checkout: { paymentMethods: ["cod", "online"], codMaxAmount: 2000 },
      rewards: { maxPerOrder: 50, percent: 2.5 },
      referrals: { refereeReward: 100, referrerReward: 0, wallet: "reward" },
      scratchCards: { min: 10, max: 50, wallet: "reward" },
      plugins: { enabled: ["whatsapp"], config: { whatsapp: { phone: "+919876543210" }, tawk_to: { property_id: "abc" } } },
      razorpayKeyId: "rzp_test_abcdef",
      theme: expect.objectContaining({ "--brand": "#123456" }),
    });
  });

  it("reads what the store sets, typed", () => {
    const settings = storeSettings({
      storeName: "Tasty Bites",
      logo: "https://example.com/logo.png",
      globalStoreEnable: "false",
      store_type: "digital",
      locale: "en-IN",
      currencyCode: "INR",
      decimalPlaces: "0",
      symbolPlacement: "after",
      language: "hi",
      timeZone: "Asia/Kolkata",
      seo_meta_description: "Fresh food",
      seoProductTitlePrefix: "Buy ",
      og_image: "https://example.com/og.png",
      favicon_16: "https://example.com/16.png",
      favicon_512: "https://example.com/512.png",
      favicon_17: "https://example.com/17.png",
      powered_by_zepio: "<b>Zepio</b>",
      connectivityProbeUrl: "https://probe.example.com/up",
      addedProduct: "true",
      adminOrigin: "https://admin.example.com",
    });
    expect(settings).toMatchObject({
      name: "Tasty Bites",
      logo: "https://example.com/logo.png",
      isOpen: false,
      isDigital: true,
      currency: { locale: "en-IN", currencyCode: "INR", decimalPlaces: 0, symbolPlacement: "after" },
      language: "hi",
      timeZone: "Asia/Kolkata",
      locale: "en-IN",
      seo: { title: "Tasty Bites", description: "Fresh food", image: "https://example.com/og.png" },
      seoAffixes: { seo_meta_description: "Fresh food", seoProductTitlePrefix: "Buy " },
      favicons: [
        { size: 512, href: "https://example.com/512.png" },
        { size: 16, href: "https://example.com/16.png" },
      ],
      poweredByHtml: "<b>Zepio</b>",
      connectivityProbeUrl: "https://probe.example.com/up",
      addedProduct: true,
      adminOrigin: "https://admin.example.com",
    });
  });

  it("takes the SEO title before the name, and refuses a probe address the importer would refuse", () => {
    const settings = storeSettings({ storeName: "Shop", seo_meta_title: "Shop online", connectivityProbeUrl: "http://x.test/" });
    expect(settings.seo.title).toBe("Shop online");
    expect(settings.connectivityProbeUrl).toBe("/healthz");
  });
});

describe("decimalPlacesFrom, the one reading of decimalPlaces", () => {
  it("takes 0 to 4, and the default for anything else", () => {
    expect(["0", "1", "2", "3", "4"].map(decimalPlacesFrom)).toEqual([0, 1, 2, 3, 4]);
    expect([undefined, null, "", "5", "-1", "2.5", "two"].map(decimalPlacesFrom)).toEqual(Array(7).fill(DEFAULT_CURRENCY.decimalPlaces));
  });
});
