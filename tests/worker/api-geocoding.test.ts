import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { api } from "../../worker/api";
import { gazetteerGeocoder } from "../../worker/geocoding/gazetteer";
import { type GeocodedPlace, GeocodingError } from "../../worker/geocoding/geocoder";
import { googleGeocoder } from "../../worker/geocoding/google";
import { FAKE_GEOCODER_KEY } from "./fake-servers/fake-geocoder";
import { json, request } from "./request";

type Places = { results: GeocodedPlace[] };

/** What a deployed store without a geocoder key tells a shopper (decision 043), in English. */
const GEOCODER_NOT_SET_UP =
  "Address search is not set up for this store: it knows only a few areas. Choose a branch from the list, or type your address.";

describe("GET /api/google/address without a key: the offline gazetteer", () => {
  it("turns a position near a demo area into that area's address, at the position", async () => {
    const response = await request("food.localhost", "/api/google/address?lat=12.9784&lng=77.6408");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { results } = await json<Places>(response);
    expect(results).toEqual([
      {
        place_id: "gazetteer:560038",
        formatted_address: "Indiranagar, Bengaluru, Karnataka 560038, India",
        line1: null,
        area: "Indiranagar",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560038",
        country: "India",
        latitude: 12.9784,
        longitude: 77.6408,
      },
    ]);
    // Far from every known area: nothing, not an error.
    expect(await json(await request("food.localhost", "/api/google/address?lat=0&lng=0"))).toEqual({
      results: [],
      notice: GEOCODER_NOT_SET_UP,
    });
  });

  it("turns a text into candidate places: a pincode, an area, a city", async () => {
    const byPincode = await json<Places>(await request("food.localhost", "/api/google/address?q=560034"));
    expect(byPincode.results.map((p) => p.area)).toEqual(["Koramangala"]);
    const byArea = await json<Places>(await request("food.localhost", "/api/google/address?q=hsr%20layout"));
    expect(byArea.results[0]).toMatchObject({ area: "HSR Layout", pincode: "560102", latitude: 12.9116 });
    const byCity = await json<Places>(await request("food.localhost", "/api/google/address?q=Berlin"));
    expect(byCity.results.map((p) => p.pincode).sort()).toEqual(["10117", "10119"]);
    expect(await json(await request("food.localhost", "/api/google/address?q=Atlantis"))).toEqual({
      results: [],
      notice: GEOCODER_NOT_SET_UP,
    });
  });

  it("refuses a query that is neither a position nor a text", async () => {
    for (const query of ["", "?lat=12", "?lat=91&lng=0", "?lat=abc&lng=1", "?lat=&lng=", "?q=x", "?q=Bengaluru&lat=1&lng=2"]) {
      const response = await request("food.localhost", `/api/google/address${query}`);
      expect(response.status, query).toBe(400);
      expect(await json(response), query).toMatchObject({ code: "invalid_input" });
    }
  });

  it("knows every demo branch's own area", async () => {
    const gazetteer = gazetteerGeocoder();
    for (const [latitude, longitude, pincode] of [
      [12.9719, 77.6412, "560038"],
      [12.9352, 77.6245, "560034"],
      [12.925, 77.5838, "560011"],
      [53.5526, 9.9895, "20354"],
      [52.5379, 13.4107, "10119"],
    ] as const) {
      expect((await gazetteer.reverse({ latitude, longitude }))[0]?.pincode).toBe(pincode);
    }
  });
});

describe("the Google transport, against a fake geocoder on loopback", () => {
  const url = inject("fakeGeocoderUrl");
  const google = googleGeocoder(FAKE_GEOCODER_KEY, url);

  it("asks Google's protocol and reads results[].address_components and geometry.location", async () => {
    const [place] = await google.reverse({ latitude: 12.9352, longitude: 77.6245 });
    expect(place).toEqual({
      place_id: "fake-place-1",
      formatted_address: "12, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034, India",
      line1: "12 80 Feet Road",
      area: "Koramangala",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560034",
      country: "India",
      latitude: 12.9352,
      longitude: 77.6245,
    });
    expect((await google.search("80 Feet Road, Koramangala")).map((p) => p.place_id)).toEqual(["fake-place-1"]);
    // The text and the position asked are the ones given: another place's give that place, and nowhere gives none.
    expect((await google.search("HSR Layout")).map((p) => [p.area, p.pincode])).toEqual([["HSR Layout", "560102"]]);
    expect((await google.reverse({ latitude: 12.9116, longitude: 77.6474 })).map((p) => p.area)).toEqual(["HSR Layout"]);
    expect(await google.reverse({ latitude: 28.6139, longitude: 77.209 })).toEqual([]);
    const asked = (await (await fetch(new URL("/requests", url))).json()) as string[];
    expect(asked).toContain(`?latlng=12.9352%2C77.6245&key=${FAKE_GEOCODER_KEY}`);
    expect(asked).toContain(`?address=80+Feet+Road%2C+Koramangala&key=${FAKE_GEOCODER_KEY}`);
  });

  it("answers ZERO_RESULTS as none, and every failure as a GeocodingError", async () => {
    expect(await google.search("nowhere")).toEqual([]);
    const reason = (lookup: Promise<unknown>) =>
      lookup.then(
        () => "answered",
        (error) => (error instanceof GeocodingError ? error.reason : `other: ${error}`),
      );
    expect(await reason(google.search("over-limit"))).toBe("unavailable");
    expect(await reason(google.search("http-500"))).toBe("unavailable");
    expect(await reason(google.search("not-json"))).toBe("failed");
    expect(await reason(googleGeocoder("wrong-key", url).search("Koramangala"))).toBe("failed");
    // Nothing listens on port 9 of loopback: unreachable.
    expect(await reason(googleGeocoder(FAKE_GEOCODER_KEY, "http://127.0.0.1:9/").search("x"))).toBe("unavailable");
  });

  it("is chosen by GOOGLE_MAPS_API_KEY, and the API answers its failures as 503 or 502 in the error shape", async () => {
    const configured = { ...env, GOOGLE_MAPS_API_KEY: FAKE_GEOCODER_KEY, GEOCODING_URL: url };
    const ask = (query: string, bindings = configured) => api.request(`http://food.localhost/api/google/address${query}`, {}, bindings);
    const found = await ask("?q=Koramangala");
    expect(found.status).toBe(200);
    const places = await json<Places & { notice: string | null }>(found);
    expect(places.results[0]?.pincode).toBe("560034");
    // With a geocoder set up, search is not limited: no notice. Without one, only a local run (DEV_TOOLS) goes quiet.
    expect(places.notice).toBeNull();
    const local = await ask("?q=Koramangala", { ...configured, GOOGLE_MAPS_API_KEY: "", DEV_TOOLS: "1" });
    expect(await json(local)).toMatchObject({ notice: null });
    const deployed = await ask("?q=Koramangala", { ...configured, GOOGLE_MAPS_API_KEY: "", DEV_TOOLS: "" });
    expect(await json(deployed)).toMatchObject({ notice: GEOCODER_NOT_SET_UP });
    const busy = await ask("?q=over-limit");
    expect(busy.status).toBe(503);
    expect(busy.headers.get("Retry-After")).toBe("30");
    expect(await json(busy)).toMatchObject({ code: "geocoding_unavailable" });
    const denied = await ask("?q=Koramangala", { ...configured, GOOGLE_MAPS_API_KEY: "wrong-key" });
    expect(denied.status).toBe(502);
    expect(await json(denied)).toMatchObject({ code: "geocoding_failed" });
    // The pincode check asks the same geocoder, and fails the same way.
    const pincode = await api.request(
      "http://food.localhost/api/check-pincode?pincode=over-limit",
      {},
      configured,
      createExecutionContext(),
    );
    expect(pincode.status).toBe(503);
    expect(await json(pincode)).toMatchObject({ code: "geocoding_unavailable" });
  });
});

describe("GET /api/check-pincode", () => {
  const check = (pincode: string, host = "food.localhost", branch = 1) =>
    request(host, `/api/check-pincode?pincode=${encodeURIComponent(pincode)}&branch_id=${branch}`);

  it("answers the nearest branch that delivers there, and the charge the cart would price", async () => {
    const response = await check("560038");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(response)).toEqual({
      pincode: "560038",
      served: true,
      located: true,
      branch: { id: 1, name: "Spice Route Kitchen - Indiranagar" },
      delivery_charge: 25,
      free_above: 499,
      distance_km: 0,
    });
    // Jayanagar's own pincode: its branch; MG Road is about 3.9 km from Indiranagar, its nearest: the second slab.
    expect(await json(await check("560011"))).toMatchObject({ served: true, branch: { id: 3 }, delivery_charge: 25 });
    expect(await json(await check("560001"))).toMatchObject({ served: true, branch: { id: 1 }, delivery_charge: 45, distance_km: 3.94 });
  });

  it("answers not served beyond every branch's last slab", async () => {
    for (const pincode of ["560066", "560100", "570001"]) {
      expect(await json(await check(pincode)), pincode).toEqual({
        pincode,
        served: false,
        located: true,
        branch: null,
        delivery_charge: null,
        free_above: null,
        distance_km: null,
      });
    }
  });

  it("prices a pincode nobody can place as the cart does: the shopper's branch at its base charge", async () => {
    expect(await json(await check("110001", "food.localhost", 2))).toMatchObject({
      served: true,
      located: false,
      branch: { id: 2 },
      delivery_charge: 40,
      distance_km: null,
    });
    // A flat-rate store delivers anywhere at its flat charge.
    expect(await json(await check("20354", "retail.localhost"))).toMatchObject({ served: true, branch: { id: 1 }, delivery_charge: 4.95 });
  });

  it("refuses what is not a pincode", async () => {
    for (const query of ["", "?pincode=", "?pincode=%3Cscript%3E", `?pincode=${"1".repeat(13)}`]) {
      const response = await request("food.localhost", `/api/check-pincode${query}`);
      expect(response.status, query).toBe(400);
      expect(await json(response)).toMatchObject({ code: "invalid_input" });
    }
  });
});
