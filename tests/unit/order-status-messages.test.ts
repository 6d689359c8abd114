import { createElement, isValidElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { slots, withElements } from "../../app/i18n/with-elements";
import { translator } from "../../commerce/i18n/catalogue";
import { ORDER_NOTES, orderNoteText } from "../../commerce/order-notes";
import {
  ORDER_STATUS_MESSAGE,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusText,
  PAYMENT_STATUS_MESSAGE,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentStatusText,
} from "../../commerce/order-status";
import { compiledCatalogue } from "../../scripts/i18n/compiled-catalogues";

const ar = compiledCatalogue("ar");
const de = compiledCatalogue("de");
const en = compiledCatalogue("en");
const hi = compiledCatalogue("hi");

const LANGUAGES = { en, de, hi, ar };

/** The spec's words for each status, the API's `status_text` and `payment_status_text` in English. */
const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  pending_payment: "Waiting for payment",
  placed: "Placed",
  confirmed: "Confirmed",
  packed: "Packed",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
  payment_failed: "Payment failed",
  expired: "Expired",
};
const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  awaiting: "Waiting for payment",
  paid: "Paid",
  failed: "Payment failed",
  cod_pending: "Cash on delivery",
  cod_collected: "Paid in cash",
  refund_pending: "Refund in progress",
  refunded: "Refunded",
  void: "Not charged",
};

describe("an order's statuses as the pages say them", () => {
  const t = translator("en", en);

  it("are the API's English words in English", () => {
    for (const status of ORDER_STATUSES) expect(t(ORDER_STATUS_MESSAGE[status])).toBe(ORDER_STATUS_TEXT[status]);
    for (const status of PAYMENT_STATUSES) expect(t(PAYMENT_STATUS_MESSAGE[status])).toBe(PAYMENT_STATUS_TEXT[status]);
    for (const status of ORDER_STATUSES) expect(orderStatusText(t, status)).toBe(ORDER_STATUS_TEXT[status]);
    for (const status of PAYMENT_STATUSES) expect(paymentStatusText(t, status)).toBe(PAYMENT_STATUS_TEXT[status]);
  });

  it("are each language's own words in the other languages", () => {
    for (const [language, catalogue] of Object.entries(LANGUAGES)) {
      if (language === "en") continue;
      const said = translator(language, catalogue);
      for (const status of ORDER_STATUSES)
        expect(orderStatusText(said, status), `${language} ${status}`).not.toBe(ORDER_STATUS_TEXT[status]);
      for (const status of PAYMENT_STATUSES)
        expect(paymentStatusText(said, status), `${language} ${status}`).not.toBe(PAYMENT_STATUS_TEXT[status]);
    }
  });

  it("name a status that is not rateable as the English did, lower-cased in a sentence", () => {
    for (const status of ORDER_STATUSES)
      expect(t("account.not_rateable", { status })).toBe(
        `You can rate the items of this order once it is delivered. It is ${ORDER_STATUS_TEXT[status].toLowerCase()} now.`,
      );
    // The other languages name it by its label, the words their status reads in everywhere else.
    for (const [language, catalogue] of Object.entries(LANGUAGES)) {
      const said = translator(language, catalogue);
      if (language !== "en")
        for (const status of ORDER_STATUSES) expect(said("account.not_rateable", { status })).toContain(orderStatusText(said, status));
    }
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

describe("the notes the platform writes into an order's history", () => {
  it("read as they are stored in English, and in each language's own words elsewhere", () => {
    const english = translator("en", en);
    for (const note of Object.values(ORDER_NOTES)) expect(orderNoteText(english, note)).toBe(note);
    for (const [language, catalogue] of Object.entries(LANGUAGES)) {
      if (language === "en") continue;
      for (const note of Object.values(ORDER_NOTES)) {
        const said = orderNoteText(translator(language, catalogue), note);
        expect(said, `${language} ${note}`).not.toBe(note);
        expect(said, `${language} ${note}`).not.toMatch(/^orders\./);
      }
    }
  });

  it("leave a note someone typed as it was written", () => {
    expect(orderNoteText(translator("de", de), "Wrong address, sorry")).toBe("Wrong address, sorry");
    expect(orderNoteText(translator("de", de), "")).toBe("");
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
