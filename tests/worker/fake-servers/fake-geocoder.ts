import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Google Geocoding API on loopback, speaking Google's JSON (`{ status, results: [{ formatted_address,
 * address_components, geometry: { location } }] }`), for the Google transport's tests. It knows one place; some
 * queries make it answer as Google does when things go wrong:
 * - `address=over-limit` → OVER_QUERY_LIMIT, `address=nowhere` → ZERO_RESULTS, `address=http-500` → an HTTP 500,
 *   `address=not-json` → a body that is not JSON; a key other than FAKE_GEOCODER_KEY → REQUEST_DENIED.
 * `GET /requests` answers the query strings received so far, for a test to check what was asked.
 */

export const FAKE_GEOCODER_KEY = "fake-geocoder-key";

const PLACE = {
  formatted_address: "12, 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka 560034, India",
  address_components: [
    { long_name: "12", short_name: "12", types: ["street_number"] },
    { long_name: "80 Feet Road", short_name: "80 Feet Rd", types: ["route"] },
    { long_name: "Koramangala", short_name: "Koramangala", types: ["sublocality_level_1", "sublocality", "political"] },
    { long_name: "Bengaluru", short_name: "Bengaluru", types: ["locality", "political"] },
    { long_name: "Karnataka", short_name: "KA", types: ["administrative_area_level_1", "political"] },
    { long_name: "India", short_name: "IN", types: ["country", "political"] },
    { long_name: "560034", short_name: "560034", types: ["postal_code"] },
  ],
  geometry: { location: { lat: 12.9352, lng: 77.6245 }, location_type: "ROOFTOP" },
  place_id: "fake-place-1",
  types: ["street_address"],
};

function answer(query: URLSearchParams): { status: number; body: string } {
  const json = (body: unknown) => ({ status: 200, body: JSON.stringify(body) });
  if (query.get("key") !== FAKE_GEOCODER_KEY) {
    return json({ status: "REQUEST_DENIED", error_message: "The provided API key is invalid.", results: [] });
  }
  const address = query.get("address");
  if (address === "over-limit")
    return json({ status: "OVER_QUERY_LIMIT", error_message: "You have exceeded your rate-limit.", results: [] });
  if (address === "nowhere") return json({ status: "ZERO_RESULTS", results: [] });
  if (address === "http-500") return { status: 500, body: "Internal error" };
  if (address === "not-json") return { status: 200, body: "<html>oops</html>" };
  if (address === null && !/^-?[\d.]+,-?[\d.]+$/.test(query.get("latlng") ?? "")) return json({ status: "INVALID_REQUEST", results: [] });
  return json({ status: "OK", results: [PLACE] });
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
