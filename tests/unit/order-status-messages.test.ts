import { createElement, isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { slots, withElements } from "../../app/i18n/with-elements";
import { translator } from "../../commerce/i18n/catalogue";
import {
  ORDER_STATUS_MESSAGE,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  PAYMENT_STATUS_MESSAGE,
  PAYMENT_STATUS_TEXT,
  PAYMENT_STATUSES,
} from "../../commerce/order-status";
import { compiledCatalogue } from "../../scripts/i18n/compiled-catalogues";

const ar = compiledCatalogue("ar");
const de = compiledCatalogue("de");
const en = compiledCatalogue("en");
const hi = compiledCatalogue("hi");

const LANGUAGES = { en, de, hi, ar };

describe("an order's statuses as the pages say them", () => {
  const t = translator("en", en);

  it("are the API's English words in English", () => {
    for (const status of ORDER_STATUSES) expect(t(ORDER_STATUS_MESSAGE[status])).toBe(ORDER_STATUS_TEXT[status]);
    for (const status of PAYMENT_STATUSES) expect(t(PAYMENT_STATUS_MESSAGE[status])).toBe(PAYMENT_STATUS_TEXT[status]);
  });

  it("announce a transition as before in English, and name every status in each language", () => {
    for (const status of ORDER_STATUSES)
      expect(t("orders.now_status", { number: "SRK-7", status })).toBe(`Order SRK-7 is now ${ORDER_STATUS_TEXT[status].toLowerCase()}.`);
    for (const [language, catalogue] of Object.entries(LANGUAGES)) {
      const said = translator(language, catalogue);
      const fallback = said("orders.now_status", { number: "SRK-7", status: "unknown" });
      for (const status of ORDER_STATUSES)
        expect(said("orders.now_status", { number: "SRK-7", status }), `${language} ${status}`).not.toBe(fallback);
    }
  });
});

describe("a message whose placeholders are elements", () => {
  it("puts each element where the language puts it, once", () => {
    for (const [language, catalogue] of Object.entries(LANGUAGES)) {
      const pieces = withElements(translator(language, catalogue)("checkout.wallet_held_back", slots("held", "minimum")), {
        held: createElement("b", null, "held"),
        minimum: createElement("i", null, "minimum"),
      }) as ReactElement<{ children: unknown }>[];
      const elements = pieces.map((piece) => piece.props.children).filter((child) => isValidElement(child));
      expect(
        elements.map((element) => element.type),
        language,
      ).toHaveLength(2);
      expect(new Set(elements.map((element) => element.type)), language).toEqual(new Set(["b", "i"]));
      const text = pieces.map((piece) => piece.props.children).filter((child) => typeof child === "string");
      expect(text.join(""), language).not.toContain("\u2063");
    }
  });
});
