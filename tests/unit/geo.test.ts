import { describe, expect, it } from "vitest";
import { deliveryDistanceMetres, EARTH_RADIUS_METRES, haversineMetres, isPoint } from "../../commerce/geo";

const indiranagar = { latitude: 12.9719, longitude: 77.6412 };

describe("haversineMetres", () => {
  it("is zero for the same point and symmetric", () => {
    expect(haversineMetres(indiranagar, indiranagar)).toBe(0);
    const mgRoad = { latitude: 12.9756, longitude: 77.6066 };
    expect(haversineMetres(indiranagar, mgRoad)).toBeCloseTo(haversineMetres(mgRoad, indiranagar), 9);
  });

  it("gives one degree of arc along the equator and along a meridian as 2πR/360", () => {
    const degree = (2 * Math.PI * EARTH_RADIUS_METRES) / 360;
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(degree, 6);
    expect(haversineMetres({ latitude: 10, longitude: 30 }, { latitude: 11, longitude: 30 })).toBeCloseTo(degree, 6);
    expect(degree).toBeCloseTo(111_195.08, 1);
  });

  it("matches known distances (within the sphere's error)", () => {
    // Big Ben to the Eiffel Tower: about 340.5 km great-circle.
    const london = { latitude: 51.5007, longitude: -0.1246 };
    const paris = { latitude: 48.8584, longitude: 2.2945 };
    expect(Math.abs(haversineMetres(london, paris) - 340_500)).toBeLessThan(1500);
    // The demo food store's Indiranagar branch to MG Road: 3.77 km, inside the 3–6 km slab.
    expect(Math.round(haversineMetres(indiranagar, { latitude: 12.9756, longitude: 77.6066 }))).toBe(3772);
  });

  it("handles the antimeridian and antipodes", () => {
    expect(haversineMetres({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111_195.08, 1);
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_METRES, 3);
  });
});

describe("deliveryDistanceMetres", () => {
  it("is whole metres when both points are known, else null (a pincode alone has no distance)", () => {
    expect(deliveryDistanceMetres(indiranagar, { latitude: 12.9784, longitude: 77.6408 })).toBe(724);
    expect(deliveryDistanceMetres(indiranagar, { latitude: null, longitude: null })).toBeNull();
    expect(deliveryDistanceMetres({ latitude: null, longitude: null }, indiranagar)).toBeNull();
    expect(deliveryDistanceMetres(indiranagar, { latitude: 12.97, longitude: null })).toBeNull();
  });

  it("refuses coordinates out of range", () => {
    expect(isPoint({ latitude: 91, longitude: 0 })).toBe(false);
    expect(isPoint({ latitude: 0, longitude: -180.5 })).toBe(false);
    expect(isPoint({ latitude: Number.NaN, longitude: 0 })).toBe(false);
    expect(isPoint({ latitude: -90, longitude: 180 })).toBe(true);
  });
});
