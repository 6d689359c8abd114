import { type Context, Hono } from "hono";
import { z } from "zod";
import type { NewAddress } from "../../commerce/addresses";
import { ADDRESS_NOT_PLACED, TOO_MANY_ADDRESSES } from "../../commerce/addresses";
import { addAddress, deleteAddress, listAddresses, setDefaultAddress } from "../accounts/addresses";
import { newAddress } from "../accounts/fields";
import { placeAddress } from "../accounts/place-address";
import type { AppEnv } from "../app-env";
import { geocoderFor } from "../geocoding/select";
import { customerOf, customerOnly } from "./customer";
import { ApiError } from "./errors";
import { geocoding } from "./geocoding-error";
import { originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * The signed-in customer's saved addresses (spec section 7), at most 20, one of them the default. Customers only (a
 * guest is 401). An address id that is not this customer's in this store is 404 and nothing changes. Every answer is
 * the customer's whole list (`{ addresses }`, the default first, then the newest), so a client never reads twice.
 */

export const addressBody = newAddress.and(z.object({ make_default: z.boolean().optional() }));
const addressIdBody = z.object({ address_id: z.number().int() });

export interface AddressesAnswer {
  addresses: Awaited<ReturnType<typeof listAddresses>>;
}

async function addresses(c: Context<AppEnv>, customerId: number, status: 200 | 201 = 200) {
  const body: AddressesAnswer = { addresses: await listAddresses(c.env.DB, c.var.tenant.id, customerId) };
  return c.json(body, status, PRIVATE_ANSWER);
}

/** Another customer's or another store's address, or one deleted since: the same answer, and nothing changed. */
export function addressNotFound(): never {
  throw new ApiError(404, "address_not_found", "That address is not one of yours. Refresh the page and try again.");
}

/** The address with its position: as sent, or placed from its text; one that cannot be placed is refused by its pincode. */
async function positioned(c: Context<AppEnv>, address: NewAddress): Promise<NewAddress> {
  if (address.latitude !== null && address.longitude !== null) return address;
  const point = await geocoding(() => placeAddress(geocoderFor(c.env), address));
  if (!point) throw new ApiError(422, "address_not_placed", ADDRESS_NOT_PLACED, [{ path: "pincode", message: ADDRESS_NOT_PLACED }]);
  return { ...address, ...point };
}

export const addressesApi = new Hono<AppEnv>()
  // A guest is 401 before its body is read.
  .use("/address/*", customerOnly)
  .get("/address/get-addresses", async (c) => addresses(c, customerOf(originContextOf(c)).customerId))
  .post("/address/add", validate("json", addressBody), async (c) => {
    const { customerId } = customerOf(originContextOf(c));
    const { make_default, ...sent } = c.req.valid("json");
    const address = await positioned(c, sent);
    const added = await addAddress(c.env.DB, c.var.tenant.id, customerId, address, make_default ?? false);
    if (added === "full") throw new ApiError(422, "address_limit", TOO_MANY_ADDRESSES);
    return addresses(c, customerId, 201);
  })
  .post("/address/delete", validate("json", addressIdBody), async (c) => {
    const { customerId } = customerOf(originContextOf(c));
    if (!(await deleteAddress(c.env.DB, c.var.tenant.id, customerId, c.req.valid("json").address_id))) addressNotFound();
    return addresses(c, customerId);
  })
  .post("/address/set-default", validate("json", addressIdBody), async (c) => {
    const { customerId } = customerOf(originContextOf(c));
    if (!(await setDefaultAddress(c.env.DB, c.var.tenant.id, customerId, c.req.valid("json").address_id))) addressNotFound();
    return addresses(c, customerId);
  });
