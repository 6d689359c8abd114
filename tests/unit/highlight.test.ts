import { describe, expect, it } from "vitest";
import { highlightParts } from "../../commerce/highlight";

const marked = (text: string, typed: string) =>
  highlightParts(text, typed)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join("");

describe("highlightParts", () => {
  it("marks the typed start of each word, as search matches", () => {
    expect(marked("Paneer Tikka Pizza", "pan ti")).toBe("[Pan]eer [Ti]kka Pizza");
    expect(marked("Paneer Tikka Pizza", "PI")).toBe("Paneer Tikka [Pi]zza");
    expect(marked("Hyderabadi Chicken Dum Biryani", "biryani")).toBe("Hyderabadi Chicken Dum [Biryani]");
    expect(marked("Crème brûlée", "creme bru")).toBe("[Crème] [brû]lée");
  });

  it("marks nothing inside a word, and nothing for punctuation", () => {
    expect(marked("Butter Naan", "utter")).toBe("Butter Naan");
    expect(marked("Butter Naan", "%")).toBe("Butter Naan");
    expect(marked("Butter Naan", "")).toBe("Butter Naan");
  });
});
