import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { haversineMetres } from "../../commerce/geo";
import { GAZETTEER } from "../../worker/geocoding/gazetteer-data";

interface Branch {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

const branches = readdirSync("stores")
  .filter((file) => file.endsWith(".json"))
  .flatMap((file) => (JSON.parse(readFileSync(`stores/${file}`, "utf8")) as { branches: Branch[] }).branches)
  .filter((b) => b.latitude !== null && b.longitude !== null);

// The offline gazetteer is built from the demo store files: every branch's area is in it, so the demo works offline.
describe("the gazetteer of the demo stores' areas", () => {
  it.each(branches.map((b) => [b.name, b]))("knows the area of %s", (_, branch) => {
    const area = GAZETTEER.find((a) => branch.address.includes(a.pincode));
    expect(area, branch.address).toBeDefined();
    expect(haversineMetres(area!, { latitude: branch.latitude!, longitude: branch.longitude! })).toBeLessThan(3000);
  });

  it("names each pincode once", () => {
    expect(new Set(GAZETTEER.map((a) => a.pincode)).size).toBe(GAZETTEER.length);
  });
});
