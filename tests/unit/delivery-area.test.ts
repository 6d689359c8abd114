import { describe, expect, it } from "vitest";
import { addressText, isPincode } from "../../commerce/addresses";
import { type BranchDeliveryRules, deliveryConfigFor, servingBranch } from "../../commerce/delivery-area";
import { translatorOf } from "../../commerce/i18n/translators";
import { inEnglish } from "./english";

const slabs = [
  { upToMetres: 3000, charge: 2500 },
  { upToMetres: 6000, charge: 4500 },
];
const branch = (over: Partial<BranchDeliveryRules>): BranchDeliveryRules => ({
  id: 1,
  name: "North",
  latitude: 12.9719,
  longitude: 77.6412,
  mode: "slabs",
  baseCharge: 4000,
  slabs,
  freeAbove: 49900,
  radiusMetres: null,
  polygon: null,
  takesDelivery: true,
  closed: false,
  ...over,
});
const north = branch({});
const south = branch({ id: 2, name: "South", latitude: 12.925, longitude: 77.5838 });

describe("servingBranch", () => {
  it("picks the nearest branch whose slabs reach the point, at that slab's charge", () => {
    expect(servingBranch([north, south], { latitude: 12.9784, longitude: 77.6408 }, 2)).toMatchObject({ branch: { id: 1 }, charge: 2500 });
    // 3.77 km from North, 5.6 km from South: North's second slab.
    expect(servingBranch([north, south], { latitude: 12.9756, longitude: 77.6066 }, 2)).toMatchObject({
      branch: { id: 1 },
      charge: 4500,
      distanceMetres: 3772,
    });
  });

  it("answers null beyond every branch's last slab", () => {
    expect(servingBranch([north, south], { latitude: 12.9698, longitude: 77.75 }, 1)).toBeNull();
  });

  it("without a point, prices the shopper's branch at its base charge, as the cart does for a pincode alone", () => {
    expect(servingBranch([north, south], null, 2)).toEqual({ branch: south, charge: 4000, distanceMetres: null });
    expect(servingBranch([north, south], null, 9)).toBeNull();
  });

  it("lets a flat branch, or one without a position, deliver anywhere; a measured branch comes first", () => {
    const flat = branch({ id: 3, mode: "flat", baseCharge: 495, slabs: [], latitude: null, longitude: null });
    expect(servingBranch([flat, north], { latitude: 12.9719, longitude: 77.6412 }, 3)).toMatchObject({ branch: { id: 1 } });
    expect(servingBranch([flat, north], { latitude: 53.55, longitude: 9.99 }, 1)).toMatchObject({ branch: { id: 3 }, charge: 495 });
  });

  it("gives pricing the same config the check uses", () => {
    expect(deliveryConfigFor(north, { latitude: null, longitude: null }, true)).toEqual({
      fulfillment: "delivery",
      refusal: null,
      mode: "slabs",
      baseCharge: 4000,
      slabs,
      distanceMetres: null,
      freeAbove: 49900,
      showDistance: true,
    });
  });
});

describe("delivery areas", () => {
  const nearNorth = { latitude: 12.9784, longitude: 77.6408 };
  it("refuses a point outside the branch's radius, even where a slab would reach", () => {
    const small = branch({ radiusMetres: 500 });
    expect(servingBranch([small], nearNorth, 1)).toBeNull();
    expect(inEnglish(deliveryConfigFor(small, nearNorth, false).refusal ?? null)).toBe("Delivery is not available to this address");
    expect(servingBranch([branch({ radiusMetres: 1000 })], nearNorth, 1)).toMatchObject({ branch: { id: 1 } });
  });

  it("uses the polygon instead of the radius when there is one", () => {
    const box: [number, number][] = [
      [12.97, 77.63],
      [12.99, 77.63],
      [12.99, 77.65],
      [12.97, 77.65],
    ];
    expect(servingBranch([branch({ radiusMetres: 1, polygon: box })], nearNorth, 1)).not.toBeNull();
    expect(servingBranch([branch({ polygon: box })], { latitude: 12.96, longitude: 77.64 }, 1)).toBeNull();
  });

  it("never serves from a closed or pickup-only branch", () => {
    expect(servingBranch([branch({ closed: true })], nearNorth, 1)).toBeNull();
    expect(servingBranch([branch({ takesDelivery: false })], nearNorth, 1)).toBeNull();
    const refusal = deliveryConfigFor(branch({ takesDelivery: false }), { latitude: null, longitude: null }, false).refusal ?? null;
    expect(inEnglish(refusal)).toMatch(/does not deliver/);
  });
});

describe("address helpers", () => {
  it("accept pincodes and postcodes as people write them", () => {
    for (const ok of ["560038", "20354", "SW1A 1AA", "K1A-0B1"]) expect(isPincode(ok), ok).toBe(true);
    for (const bad of ["", "1", "<script>", " 560038", "1234567890123"]) expect(isPincode(bad), bad).toBe(false);
  });

  it("write an address on one line, leaving out what is missing", () => {
    const base = { line1: "Flat 4", line2: null, landmark: null, city: "Bengaluru", state: "Karnataka", pincode: "560038" };
    const t = translatorOf("en");
    expect(addressText(base, t)).toBe("Flat 4, Bengaluru, Karnataka 560038");
    expect(addressText({ ...base, line2: "12th Main", landmark: "the metro" }, t)).toBe(
      "Flat 4, 12th Main, near the metro, Bengaluru, Karnataka 560038",
    );
    expect(addressText({ ...base, landmark: "the metro" }, translatorOf("de"))).toBe(
      "Flat 4, in der Nähe von the metro, Bengaluru, Karnataka 560038",
    );
  });
});
