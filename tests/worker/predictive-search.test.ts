import { describe, expect, it } from "vitest";
import type { PredictiveAnswer } from "../../worker/catalog/predictive-search";
import { json, request } from "./request";

async function predict(q: string, query = "") {
  const response = await request("food.localhost", `/api/predictive-search?q=${encodeURIComponent(q)}${query}`);
  expect(response.status, q).toBe(200);
  return json<PredictiveAnswer>(response);
}

describe("GET /api/predictive-search", () => {
  it("answers products by the start of their words, name matches first, with prices at the branch, and categories", async () => {
    const answer = await predict("Bir");
    expect(answer.q).toBe("bir");
    expect(answer.categories).toEqual([{ id: 2, name: "Biryani", slug: "biryani" }]);
    expect(answer.products.map((p) => p.name)).toEqual([
      "Hyderabadi Chicken Dum Biryani",
      "Mutton Biryani",
      "Veg Dum Biryani",
      "Egg Biryani",
    ]);
    expect(answer.products[1]).toMatchObject({ slug: "mutton-biryani", selling_price: 449, original_price: 499 });
    expect(answer.products[1]?.image).toMatch(/^\//);
    // Two words: each must start a word; a category matches by the start of any of its words.
    expect((await predict("pan tik")).products.map((p) => p.name)).toEqual(["Paneer Tikka", "Paneer Tikka Pizza"]);
    expect((await predict("indian")).categories.map((c) => c.slug)).toEqual(["south-indian"]);
  });

  it("leaves out what the visitor's branch does not sell, and caps the list", async () => {
    // Mutton Biryani is not made at Jayanagar (branch 3).
    expect((await predict("biryani", "&branch_id=3")).products.map((p) => p.id)).toEqual([6, 8, 9]);
    expect((await predict("p")).products.length).toBeLessThanOrEqual(6);
    expect((await predict("pa")).products).toHaveLength(6);
  });

  it("takes the shopper's wildcards and search syntax as text, and refuses an empty query", async () => {
    expect(await predict("%")).toEqual({ q: "%", products: [], categories: [] });
    expect((await predict("_iryani")).categories).toEqual([]);
    expect((await predict('"biryani*:')).products.length).toBe(4);
    const refused = await request("food.localhost", "/api/predictive-search?q=%20");
    expect(refused.status).toBe(400);
  });

  it("answers any allowed length and alphabet: the category match is no pattern the database caps", async () => {
    // D1 refuses a LIKE pattern over 50 bytes; each of these was a 500 when the category match was one.
    for (const q of [
      "a".repeat(48),
      "é".repeat(24),
      Array.from({ length: 30 }, () => "b").join(" "),
      "paneer butter masala with extra garlic naan and a lassi",
      "x".repeat(100),
      "%_".repeat(50),
    ]) {
      expect((await predict(q)).categories, q).toEqual([]);
    }
    // A long prefix of a category's word still finds it.
    expect((await predict("south indian")).categories.map((c) => c.slug)).toEqual(["south-indian"]);
    const tooLong = await request("food.localhost", `/api/predictive-search?q=${"a".repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });
});
