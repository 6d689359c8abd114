import { Hono } from "hono";
import type { NewAddress } from "../../commerce/addresses";
import { ADDRESS_NOT_PLACED, TOO_MANY_ADDRESSES } from "../../commerce/addresses";
import { message } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";
import { addAddress, deleteAddress, listAddresses, setDefaultAddress } from "../accounts/addresses";
import { newAddress } from "../accounts/fields";
import { placeAddress } from "../accounts/place-address";
import type { AppEnv } from "../app-env";
import { geocoderFor } from "../geocoding/select";
import { ApiError } from "../http/errors";
import { customerOf, customerOnly } from "./customer";
import { geocoding } from "./geocoding-error";
import { type OriginContext, originContextOf } from "./origin-context";
import { PRIVATE_ANSWER } from "./private-answer";
import { validate } from "./validate";

/**
 * The signed-in customer's saved addresses (spec section 7), at most 20, one of them the default. Customers only (a
 * guest is 401). An address id that is not this customer's in this store is 404 and nothing changes. Every answer is
 * the customer's whole list (`{ addresses }`, the default first, then the newest), so a client never reads twice.
 */

export const addressBody = z.intersection(newAddress, z.object({ make_default: z.optional(z.boolean()) }));
export const addressIdBody = z.object({ address_id: z.number().check(z.int()) });

export interface AddressesAnswer {
  addresses: Awaited<ReturnType<typeof listAddresses>>;
}

async function addressesOfCustomer(o: OriginContext, customerId: number): Promise<AddressesAnswer> {
  return { addresses: await listAddresses(o.env.DB, o.tenant.id, customerId) };
}

/** Another customer's or another store's address, or one deleted since: the same answer, and nothing changed. */
export function addressNotFound(): never {
  throw new ApiError(404, "address_not_found", message("errors.address_not_yours"));
}

/** The address with its position: as sent, or placed from its text; one that cannot be placed is refused by its pincode. */
async function positioned(o: OriginContext, address: NewAddress): Promise<NewAddress> {
  if (address.latitude !== null && address.longitude !== null) return address;
  const point = await geocoding(() => placeAddress(geocoderFor(o.env), address));
  if (!point) throw new ApiError(422, "address_not_placed", ADDRESS_NOT_PLACED, [{ path: "pincode", message: ADDRESS_NOT_PLACED }]);
  return { ...address, ...point };
}

/** GET /api/address/get-addresses: the customer's saved addresses. */
export async function addressesOf(o: OriginContext): Promise<AddressesAnswer> {
  return addressesOfCustomer(o, customerOf(o).customerId);
}

/** POST /api/address/add: saves an address (placed on the map first when sent without a position); at most 20. */
export async function addAddressOf(o: OriginContext, input: z.output<typeof addressBody>): Promise<AddressesAnswer> {
  const { customerId } = customerOf(o);
  const { make_default, ...sent } = input;
  const address = await positioned(o, sent);
  const added = await addAddress(o.env.DB, o.tenant.id, customerId, address, make_default ?? false);
  if (added === "full") throw new ApiError(422, "address_limit", TOO_MANY_ADDRESSES);
  return addressesOfCustomer(o, customerId);
}

/** POST /api/address/delete */
export async function deleteAddressOf(o: OriginContext, input: z.output<typeof addressIdBody>): Promise<AddressesAnswer> {
  const { customerId } = customerOf(o);
  if (!(await deleteAddress(o.env.DB, o.tenant.id, customerId, input.address_id))) addressNotFound();
  return addressesOfCustomer(o, customerId);
}

/** POST /api/address/set-default */
export async function setDefaultAddressOf(o: OriginContext, input: z.output<typeof addressIdBody>): Promise<AddressesAnswer> {
  const { customerId } = customerOf(o);
  if (!(await setDefaultAddress(o.env.DB, o.tenant.id, customerId, input.address_id))) addressNotFound();
  return addressesOfCustomer(o, customerId);
}

export const addressesApi = new Hono<AppEnv>()
  // A guest is 401 before its body is read.
  .use("/address/*", customerOnly)
  .get("/address/get-addresses", async (c) => c.json(await addressesOf(originContextOf(c)), 200, PRIVATE_ANSWER))
  .post("/address/add", validate("json", addressBody), async (c) =>
    c.json(await addAddressOf(originContextOf(c), c.req.valid("json")), 201, PRIVATE_ANSWER),
  )
  .post("/address/delete", validate("json", addressIdBody), async (c) =>
    c.json(await deleteAddressOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  )
  .post("/address/set-default", validate("json", addressIdBody), async (c) =>
    c.json(await setDefaultAddressOf(originContextOf(c), c.req.valid("json")), 200, PRIVATE_ANSWER),
  );
