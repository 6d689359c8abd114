import type { Translate } from "./i18n/catalogue";

import { message } from "./i18n/message";
/** Saved-address rules shared by the API and the pages. */

export const MAX_ADDRESSES = 20;
export const ADDRESS_LABELS = ["Home", "Work", "Other"] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];

/** What each label reads as: the label itself is the stored value, the same in every language. */
export const ADDRESS_LABEL_MESSAGES = {
  Home: "account.label_home",
  Work: "account.label_work",
  Other: "account.label_other",
} as const satisfies Record<AddressLabel, string>;

export const TOO_MANY_ADDRESSES = message("errors.too_many_addresses", { max: MAX_ADDRESSES });

/** A pincode or postcode as people write them: letters, digits, inner spaces and dashes, 3 to 12 characters. */
const PINCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/;

export function isPincode(text: string): boolean {
  return PINCODE.test(text);
}

/** Where an address is, without who is there or its position: what a line of text says. */
export interface AddressLines {
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
}

/** An address on one line, as lists and the cart show it, in the page's language (`t`). */
export function addressText(address: AddressLines, t: Translate): string {
  const landmark = address.landmark ? t("account.address_near", { landmark: address.landmark }) : null;
  return [address.line1, address.line2, landmark, address.city, `${address.state} ${address.pincode}`].filter(Boolean).join(", ");
}

/** An address sent without a position that the geocoder cannot place either: delivery could not be checked for it. */
export const ADDRESS_NOT_PLACED = message("errors.address_not_placed");

export interface NewAddress extends AddressLines {
  name: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
  label: AddressLabel;
}

export interface Address extends NewAddress {
  id: number;
  is_default: boolean;
  created_at: number;
}

/** An address's own fields, as columns and as values in the same order (the API's add and the importer's demo addresses). */

/** A stored address's columns, in the order its row shape lists them. */
export const ADDRESS_COLUMNS =
  "id, name, phone, line1, line2, landmark, city, state, pincode, latitude, longitude, label, is_default, created_at";

export type AddressRow = Omit<Address, "is_default"> & { is_default: number };

export function toAddress(row: AddressRow): Address {
  return { ...row, is_default: row.is_default === 1 };
}
