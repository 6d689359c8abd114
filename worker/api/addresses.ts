import { type Context, Hono } from "hono";
import { z } from "zod";
import { ADDRESS_LABELS, isPincode, TOO_MANY_ADDRESSES } from "../../commerce/addresses";
import { isPoint } from "../../commerce/geo";
import { addAddress, deleteAddress, listAddresses, setDefaultAddress } from "../accounts/addresses";
import type { AppEnv } from "../env";
import { phone } from "./account";
import { customerOf, customerOnly } from "./customer";
import { ApiError } from "./errors";
import { validate } from "./validate";

/**
 * The signed-in customer's saved addresses (spec section 7), at most 20, one of them the default. Customers only (a
 * guest is 401). An address id that is not this customer's in this store is 404 and nothing changes. Every answer is
 * the customer's whole list (`{ addresses }`, the default first, then the newest), so a client never reads twice.
 */

const text = (what: string, max: number) => z.string().trim().min(1, `Enter ${what}.`).max(max, `Use at most ${max} characters.`);
/** An optional line: empty means none. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((t) => t || null);
const coordinate = z.number().nullable().optional();

export const addressBody = z
  .object({
    name: text("the name of the person receiving", 100),
    phone,
    line1: text("the house, flat or street", 200),
    line2: optional(200),
    landmark: optional(100),
    city: text("the city", 100),
    state: text("the state", 100),
    pincode: z.string().trim().refine(isPincode, "Enter a valid pincode."),
    latitude: coordinate,
    longitude: coordinate,
    label: z.enum(ADDRESS_LABELS, { error: "Choose Home, Work or Other." }).default("Home"),
    make_default: z.boolean().optional(),
  })
  .transform(({ make_default, latitude, longitude, ...address }) => ({
    address: { ...address, latitude: latitude ?? null, longitude: longitude ?? null },
    makeDefault: make_default ?? false,
  }))
  .refine(({ address: a }) => (a.latitude === null && a.longitude === null) || isPoint(a), {
    message: "Send both latitude and longitude, as decimal degrees, or neither.",
    path: ["latitude"],
  });
const addressIdBody = z.object({ address_id: z.number().int() });

export interface AddressesAnswer {
  addresses: Awaited<ReturnType<typeof listAddresses>>;
}

async function addresses(c: Context<AppEnv>, customerId: number, status: 200 | 201 = 200): Promise<Response> {
  const body: AddressesAnswer = { addresses: await listAddresses(c.env.DB, c.var.tenant.id, customerId) };
  return c.json(body, status, { "Cache-Control": "private, no-store" });
}

/** Another customer's or another store's address, or one deleted since: the same answer, and nothing changed. */
export function addressNotFound(): never {
  throw new ApiError(404, "address_not_found", "That address is not one of yours. Refresh the page and try again.");
}

export const addressesApi = new Hono<AppEnv>()
  // A guest is 401 before its body is read.
  .use("/address/*", customerOnly)
  .get("/address/get-addresses", async (c) => addresses(c, customerOf(c).customerId))
  .post("/address/add", validate("json", addressBody), async (c) => {
    const { customerId } = customerOf(c);
    const { address, makeDefault } = c.req.valid("json");
    const added = await addAddress(c.env.DB, c.var.tenant.id, customerId, address, makeDefault);
    if (added === "full") throw new ApiError(422, "address_limit", TOO_MANY_ADDRESSES);
    return addresses(c, customerId, 201);
  })
  .post("/address/delete", validate("json", addressIdBody), async (c) => {
    const { customerId } = customerOf(c);
    if (!(await deleteAddress(c.env.DB, c.var.tenant.id, customerId, c.req.valid("json").address_id))) addressNotFound();
    return addresses(c, customerId);
  })
  .post("/address/set-default", validate("json", addressIdBody), async (c) => {
    const { customerId } = customerOf(c);
    if (!(await setDefaultAddress(c.env.DB, c.var.tenant.id, customerId, c.req.valid("json").address_id))) addressNotFound();
    return addresses(c, customerId);
  });
