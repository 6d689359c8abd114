import { json, request } from "./request";

let counter = 0;

/** Registers a new customer at `host` and answers its bearer token and id. */
export async function newCustomer(host = "food.localhost"): Promise<{ token: string; id: number }> {
  counter++;
  const unique = `${Date.now()}${counter}`;
  const response = await customerCall("POST", "/api/register", {
    host,
    body: {
      name: "Test Shopper",
      email: `shopper.${unique}@example.com`,
      phone: `+9197${unique.slice(-8)}`,
      password: "a long enough password",
    },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { token, user } = await json<{ token: string; user: { id: number } }>(response);
  return { token, id: user.id };
}

/** An API call with a bearer token (none: a guest); an object body is sent as JSON, a string as it is. */
export function customerCall(method: string, path: string, init: { token?: string; body?: unknown; host?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return request(init.host ?? "food.localhost", path, {
    method,
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
}

/** A valid address in the food store's delivery area, with `changes`. */
export function homeAddress(changes: Record<string, unknown> = {}) {
  return {
    name: "Asha Rao",
    phone: "+91 98000 00001",
    line1: "Flat 402, Lakeview Apartments",
    line2: "12th Main Road",
    landmark: "",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560038",
    latitude: 12.9784,
    longitude: 77.6408,
    label: "Home",
    ...changes,
  };
}
