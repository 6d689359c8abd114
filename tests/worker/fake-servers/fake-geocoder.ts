import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Google Geocoding API on loopback, speaking Google's JSON (`{ status, results: [{ formatted_address,
 * address_components, geometry: { location } }] }`), for the Google transport's tests. It knows two places, so a
 * transport that dropped or garbled the query would get the wrong one or none:
 * - `address=<text>`: the places whose formatted address holds every comma-separated part of the text, else
 *   ZERO_RESULTS; `latlng=<lat>,<lng>`: the place within about 2 km, else ZERO_RESULTS.
 * - Some queries make it answer as Google does when things go wrong: `address=over-limit` → OVER_QUERY_LIMIT,
 *   `address=http-500` → an HTTP 500, `address=not-json` → a body that is not JSON; a key other than
 *   FAKE_GEOCODER_KEY → REQUEST_DENIED; neither query → INVALID_REQUEST.
 * `GET /requests` answers the query strings received so far, for a test to check what was asked.
 */

export const FAKE_GEOCODER_KEY = "fake-geocoder-key";

function place(id: number, formatted: string, parts: [string, string, string[]][], lat: number, lng: number) {
  return {
    formatted_address: formatted,
    address_components: parts.map(([long_name, short_name, types]) => ({ long_name, short_name, types })),
    geometry: { location: { lat, lng }, location_type: "ROOFTOP" },
    place_id: `fake-place-${id}`,
    types: ["street_address"],
  };
}

const STATE: [string, string, string[]][] = [
  ["Bengaluru", "Bengaluru", ["locality", "political"]],
  ["Karnataka", "KA", ["administrative_area_level_1", "political"]],
  ["India", "IN", ["country", "political"]],
];

const PLACES = [
  place(
    1,
    "12, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034, India",
    [
      ["12", "12", ["street_number"]],
      ["80 Feet Road", "80 Feet Rd", ["route"]],
      ["Koramangala", "Koramangala", ["sublocality_level_1", "sublocality", "political"]],
      ...STATE,
      ["560034", "560034", ["postal_code"]],
    ],
    12.9352,
    77.6245,
  ),
  place(
    2,
    "27th Main Road, Sector 2, HSR Layout, Bengaluru, Karnataka 560102, India",
    [
      ["27th Main Road", "27th Main Rd", ["route"]],
      ["HSR Layout", "HSR Layout", ["sublocality_level_1", "sublocality", "political"]],
      ...STATE,
      ["560102", "560102", ["postal_code"]],
    ],
    12.9116,
    77.6474,
  ),
];

function byText(text: string) {
  const parts = text
    .toLowerCase()
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return PLACES.filter((p) => parts.length > 0 && parts.every((part) => p.formatted_address.toLowerCase().includes(part)));
}

function byPosition(latlng: string) {
  const [lat, lng] = latlng.split(",").map(Number) as [number, number];
  // About 2 km at Bengaluru's latitude.
  return PLACES.filter((p) => Math.hypot(p.geometry.location.lat - lat, p.geometry.location.lng - lng) < 0.02);
}

function answer(query: URLSearchParams): { status: number; body: string } {
  const json = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
  if (query.get("key") !== FAKE_GEOCODER_KEY) {
    return json({ status: "REQUEST_DENIED", error_message: "The provided API key is invalid.", results: [] });
  }
  const address = query.get("address");
  if (address === "over-limit")
    return json({ status: "OVER_QUERY_LIMIT", error_message: "You have exceeded your rate-limit.", results: [] });
  if (address === "http-500") return { status: 500, body: "Internal error" };
  if (address === "not-json") return { status: 200, body: "<html>oops</html>" };
  const latlng = query.get("latlng") ?? "";
  if (address === null && !/^-?[\d.]+,-?[\d.]+$/.test(latlng)) return json({ status: "INVALID_REQUEST", results: [] });
  const results = address === null ? byPosition(latlng) : byText(address);
  return json(results.length > 0 ? { status: "OK", results } : { status: "ZERO_RESULTS", results: [] });
}

export interface FakeGeocoder {
  url: string;
  close(): Promise<void>;
}

export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const received: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === "/requests") {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(received));
      return;
    }
    received.push(url.search);
    const { status, body } = answer(url.searchParams);
    response.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/maps/api/geocode/json`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
