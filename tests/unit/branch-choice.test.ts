import { describe, expect, it } from "vitest";
import { insidePolygon, openAt } from "../../commerce/branch-areas";
import { resolveBranch } from "../../commerce/branch-choice";
import type { BranchDeliveryRules } from "../../commerce/delivery-area";
import { parsePoint } from "../../commerce/geo";
import { MAX_RECENT_PLACES, withRecentPlace } from "../../commerce/recent-places";

const branch = (id: number, latitude: number, longitude: number, over: Partial<BranchDeliveryRules & { isMain: boolean }> = {}) => ({
  id,
  name: `Branch ${id}`,
  latitude,
  longitude,
  mode: "flat" as const,
  baseCharge: 0,
  slabs: [],
  freeAbove: null,
  radiusMetres: 4000,
  polygon: null,
  takesDelivery: true,
  closed: false,
  isMain: false,
  ...over,
});
const indiranagar = branch(1, 12.9719, 77.6412, { isMain: true });
const koramangala = branch(2, 12.9352, 77.6245);
const jayanagar = branch(3, 12.925, 77.5838);
const all = [indiranagar, koramangala, jayanagar];

describe("resolveBranch (DESIGN section 6)", () => {
  it("serves a visitor from the nearest branch that delivers where they stand", () => {
    expect(resolveBranch(all, null, { latitude: 12.93, longitude: 77.62 })).toEqual({ id: 2, chosen: false, unserviceable: false });
    expect(resolveBranch(all, null, { latitude: 12.926, longitude: 77.585 })).toEqual({ id: 3, chosen: false, unserviceable: false });
  });

  it("keeps the shopper's own choice wherever they stand, unless that branch is gone or closed", () => {
    expect(resolveBranch(all, 3, { latitude: 28.6, longitude: 77.2 })).toEqual({ id: 3, chosen: true, unserviceable: false });
    expect(resolveBranch(all, 9, null)).toEqual({ id: 1, chosen: false, unserviceable: false });
    expect(resolveBranch([indiranagar, { ...jayanagar, closed: true }], 3, null).id).toBe(1);
  });

  it("is unserviceable where no branch delivers, on the main branch", () => {
    expect(resolveBranch(all, null, { latitude: 28.6139, longitude: 77.209 })).toEqual({ id: 1, chosen: false, unserviceable: true });
  });

  it("falls back to the main branch without a position, and to branch 1 without a main branch", () => {
    expect(resolveBranch([koramangala, { ...jayanagar, isMain: true }], null, null).id).toBe(3);
    expect(resolveBranch([koramangala, jayanagar], null, null).id).toBe(1);
  });
});

describe("opening hours", () => {
  const at = (iso: string) => new Date(iso);
  it("opens and closes in the branch's own time zone", () => {
    const hours = { tue: [["11:00", "23:00"]] as [string, string][] };
    // 11:00 in Kolkata is 05:30 UTC.
    expect(openAt(hours, "Asia/Kolkata", at("2026-11-24T05:29:00Z"))).toBe(false);
    expect(openAt(hours, "Asia/Kolkata", at("2026-11-24T05:30:00Z"))).toBe(true);
    expect(openAt(hours, "Asia/Kolkata", at("2026-11-24T17:30:00Z"))).toBe(false);
  });

  it("runs a span that closes after midnight into the next morning", () => {
    const hours = { mon: [["18:00", "02:00"]] as [string, string][] };
    expect(openAt(hours, "UTC", at("2026-11-23T23:00:00Z"))).toBe(true);
    expect(openAt(hours, "UTC", at("2026-11-24T01:59:00Z"))).toBe(true);
    expect(openAt(hours, "UTC", at("2026-11-24T02:00:00Z"))).toBe(false);
  });

  it("is always open without hours, and closed on a day left out", () => {
    expect(openAt(null, "UTC", at("2026-11-24T03:00:00Z"))).toBe(true);
    expect(openAt({ mon: [["00:00", "23:59"]] }, "UTC", at("2026-11-24T12:00:00Z"))).toBe(false);
  });
});

describe("polygons and positions", () => {
  it("tells inside from outside a concave area", () => {
    const ell: [number, number][] = [
      [0, 0],
      [0, 2],
      [1, 2],
      [1, 1],
      [2, 1],
      [2, 0],
    ];
    expect(insidePolygon(ell, { latitude: 0.5, longitude: 1.5 })).toBe(true);
    expect(insidePolygon(ell, { latitude: 1.5, longitude: 1.5 })).toBe(false);
  });

  it("reads a tester's position and refuses junk", () => {
    expect(parsePoint("12.9352,77.6245")).toEqual({ latitude: 12.9352, longitude: 77.6245 });
    for (const junk of ["", "91,0", "0,181", "a,b", "1,2,3", "<script>"]) expect(parsePoint(junk), junk).toBeNull();
  });
});

describe("recent places (spec sections 4 and 9)", () => {
  const place = (n: number) => ({ place_id: `p${n}`, label: `Place ${n}`, latitude: 12, longitude: 77 });
  it("puts a new place first, leaves a known one where it is, and keeps five", () => {
    let places = [1, 2, 3, 4, 5, 6].reduce((list, n) => withRecentPlace(list, place(n)), [] as ReturnType<typeof place>[]);
    expect(places.map((p) => p.place_id)).toEqual(["p6", "p5", "p4", "p3", "p2"]);
    expect(places).toHaveLength(MAX_RECENT_PLACES);
    places = withRecentPlace(places, place(4));
    expect(places.map((p) => p.place_id)).toEqual(["p6", "p5", "p4", "p3", "p2"]);
  });
});
