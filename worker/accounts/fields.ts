import type { NewAddress } from "../../commerce/addresses";
import { ADDRESS_LABELS, isPincode } from "../../commerce/addresses";
import { isPoint } from "../../commerce/geo";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import { issueId } from "../../commerce/i18n/message";
import { CONTROL_CHARACTER_MESSAGE, ONE_LINE } from "../../commerce/typed-text";
import * as z from "../../commerce/zod";

/** The account fields as the API and the store importer accept them, normalised as the customers table keeps them. */

export const email = z
  .pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email({ error: issueId("errors.enter_valid_email") }))
  .check(z.meta({ description: "an email address, kept lowercased" }));
/** Digits with an optional leading +; spaces, dashes and brackets as people type them are dropped. */
export const phone = z
  .pipe(
    z.pipe(
      z.string().check(z.maxLength(30)),
      z.transform((text) => text.replace(/[\s().-]/g, "")),
    ),
    z.string().check(z.regex(/^\+?\d{6,15}$/, issueId("errors.enter_valid_phone"))),
  )
  .check(z.meta({ description: "6 to 15 digits with an optional leading +; spaces, dashes and brackets are dropped" }));
/** A password being chosen (signing in checks any length up to 128, so older passwords still work). */
export const password = z
  .string()
  .check(z.minLength(8, issueId("errors.password_too_short")), z.maxLength(128, issueId("errors.password_too_long")));
export const personName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, issueId("errors.enter_your_name")),
    z.maxLength(100, issueId("errors.name_too_long")),
    z.regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE),
  );

/** A required line; `empty`: what the shopper is asked when it is left out. Too long is told with the check's maximum. */
const text = (empty: MessageId, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, empty),
      z.maxLength(max, issueId("errors.at_most_characters")),
      z.regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE),
    );
/** An optional line: empty means none. */
const optionalText = (max: number) =>
  z.pipe(
    z.optional(
      z.nullable(
        z.string().check(z.trim(), z.maxLength(max, issueId("errors.at_most_characters")), z.regex(ONE_LINE, CONTROL_CHARACTER_MESSAGE)),
      ),
    ),
    z.transform((t) => t || null),
  );
const coordinate = z.optional(z.nullable(z.number()));

/** A saved address's fields (worker/accounts/addresses.ts), before the position check. */
export const addressShape = {
  name: text(issueId("errors.enter_receiver_name"), 100),
  phone,
  line1: text(issueId("errors.enter_address_line"), 200),
  line2: optionalText(200),
  landmark: optionalText(100),
  city: text(issueId("errors.enter_city"), 100),
  state: text(issueId("errors.enter_state"), 100),
  pincode: z.string().check(z.trim(), z.refine(isPincode, issueId("errors.enter_valid_pincode"))),
  latitude: coordinate,
  longitude: coordinate,
  label: z._default(z.enum(ADDRESS_LABELS, { error: issueId("errors.choose_address_label") }), "Home"),
};

/** The position is both coordinates or neither. */
export function positionOrNone(a: { latitude?: number | null; longitude?: number | null }): boolean {
  return (a.latitude == null && a.longitude == null) || isPoint({ latitude: a.latitude ?? null, longitude: a.longitude ?? null });
}
export const POSITION_ISSUE = { message: issueId("errors.send_both_coordinates"), path: ["latitude"] };

/** A saved address as the API takes it. */
export const newAddress = z.pipe(
  z.object(addressShape).check(z.refine(positionOrNone, POSITION_ISSUE)),
  z.transform((a): NewAddress => ({ ...a, latitude: a.latitude ?? null, longitude: a.longitude ?? null })),
);
