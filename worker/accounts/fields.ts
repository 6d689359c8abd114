import { z } from "zod";
import type { NewAddress } from "../../commerce/addresses";
import { ADDRESS_LABELS, isPincode } from "../../commerce/addresses";
import { isPoint } from "../../commerce/geo";
import { CONTROL_CHARACTER_MESSAGE, ONE_LINE } from "../../commerce/typed-text";

/** The account fields as the API and the store importer accept them, normalised as the customers table keeps them. */

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: "Enter a valid email address." }))
  .meta({ description: "an email address, kept lowercased" });
/** Digits with an optional leading +; spaces, dashes and brackets as people type them are dropped. */
export const phone = z
  .string()
  .max(30)
  .transform((text) => text.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, "Enter a valid phone number."))
  .meta({ description: "6 to 15 digits with an optional leading +; spaces, dashes and brackets are dropped" });
/** A password being chosen (signing in checks any length up to 128, so older passwords still work). */
export const password = z.string().min(8, "Use a password of at least 8 characters.").max(128, "Use a password of at most 128 characters.");
export const personName = z
  .string()
  .trim()
  .min(1, "Enter your name.")
  .max(100, "Use a name of at most 100 characters.")
  .regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE);

const text = (what: string, max: number) =>
  z.string().trim().min(1, `Enter ${what}.`).max(max, `Use at most ${max} characters.`).regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE);
/** An optional line: empty means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE)
    .nullable()
    .optional()
    .transform((t) => t || null);
const coordinate = z.number().nullable().optional();

/** A saved address's fields (worker/accounts/addresses.ts), before the position check. */
export const addressShape = {
  name: text("the name of the person receiving", 100),
  phone,
  line1: text("the house, flat or street", 200),
  line2: optionalText(200),
  landmark: optionalText(100),
  city: text("the city", 100),
  state: text("the state", 100),
  pincode: z.string().trim().refine(isPincode, "Enter a valid pincode."),
  latitude: coordinate,
  longitude: coordinate,
  label: z.enum(ADDRESS_LABELS, { error: "Choose Home, Work or Other." }).default("Home"),
};

/** The position is both coordinates or neither. */
export function positionOrNone(a: { latitude?: number | null; longitude?: number | null }): boolean {
  return (a.latitude == null && a.longitude == null) || isPoint({ latitude: a.latitude ?? null, longitude: a.longitude ?? null });
}
export const POSITION_ISSUE = { message: "Send both latitude and longitude, as decimal degrees, or neither.", path: ["latitude"] };

/** A saved address as the API takes it. */
export const newAddress = z
  .object(addressShape)
  .refine(positionOrNone, POSITION_ISSUE)
  .transform((a): NewAddress => ({ ...a, latitude: a.latitude ?? null, longitude: a.longitude ?? null }));
