import type * as z from "zod/mini";
import { addAddressOf, addressBody, addressesOf, addressIdBody, deleteAddressOf, setDefaultAddressOf } from "../../api/addresses";
import { branchAtPositionOf, branchesOf, optionalPosition, positionQuery, selectBranchBody, selectBranchOf } from "../../api/branches";
import { addressQuery, pincodeCheckOf, pincodeQuery, placesOf } from "../../api/geocoding";
import type { OriginContext } from "../../api/origin-context";
import { referralOf, referredByQuery, referrerOf } from "../../api/referrals";
import { redeemScratchCardBody, redeemScratchCardOf, scratchCardsOf, scratchCardsQuery } from "../../api/scratch-cards";
import { parseInput } from "../../api/validate";
import type { RequestReads } from "./read-once";

/** The shopper's places and rewards a page calls (decision 066): addresses, branches, the geocoder, referrals, scratch cards. */
export function placeOperations(o: OriginContext, reads: RequestReads) {
  return {
    /** GET /api/address/get-addresses */
    addresses: () => reads.read("address/get-addresses", [], () => addressesOf(o)),
    /** POST /api/address/add */
    addAddress: (input: z.input<typeof addressBody>) => reads.change(() => addAddressOf(o, parseInput(addressBody, input))),
    /** POST /api/address/delete */
    deleteAddress: (input: z.input<typeof addressIdBody>) => reads.change(() => deleteAddressOf(o, parseInput(addressIdBody, input))),
    /** POST /api/address/set-default */
    setDefaultAddress: (input: z.input<typeof addressIdBody>) =>
      reads.change(() => setDefaultAddressOf(o, parseInput(addressIdBody, input))),
    /** GET /api/get-branches */
    branches: (input: z.input<typeof optionalPosition> = {}) =>
      reads.read("get-branches", [input], () => branchesOf(o, parseInput(optionalPosition, input))),
    /** GET /api/get-branch-based-on-gps */
    branchBasedOnGps: (input: z.input<typeof positionQuery>) =>
      reads.read("get-branch-based-on-gps", [input], () => branchAtPositionOf(o, parseInput(positionQuery, input))),
    /** POST /api/select-branch */
    selectBranch: (input: z.input<typeof selectBranchBody>) => reads.change(() => selectBranchOf(o, parseInput(selectBranchBody, input))),
    /** GET /api/google/address */
    googleAddress: (input: z.input<typeof addressQuery>) =>
      reads.read("google/address", [input], () => placesOf(o, parseInput(addressQuery, input))),
    /** GET /api/check-pincode */
    checkPincode: (input: z.input<typeof pincodeQuery>) =>
      reads.read("check-pincode", [input], () => pincodeCheckOf(o, parseInput(pincodeQuery, input))),
    /** GET /api/get-referrer-user */
    referrerUser: (input: z.input<typeof referredByQuery>) =>
      reads.read("get-referrer-user", [input], () => referrerOf(o, parseInput(referredByQuery, input))),
    /** GET /api/user/referral */
    referral: () => reads.read("user/referral", [], () => referralOf(o)),
    /** GET /api/user/scratch-cards */
    scratchCards: (input: z.input<typeof scratchCardsQuery> = {}) =>
      reads.read("user/scratch-cards", [input], () => scratchCardsOf(o, parseInput(scratchCardsQuery, input))),
    /** POST /api/user/redeem-scratch-card */
    redeemScratchCard: (input: z.input<typeof redeemScratchCardBody>) =>
      reads.change(() => redeemScratchCardOf(o, parseInput(redeemScratchCardBody, input))),
  };
}
