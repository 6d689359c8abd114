import { z } from "zod";
import { parseId } from "../../commerce/ids";

/**
 * zod schemas for single form fields (a form's values are text). Each takes the message the shopper sees when the
 * field is wrong, so a form's schema reads as its rules.
 */

/** A record id (commerce/ids), as a number. */
export function idField(message: string) {
  return z.string({ error: message }).transform((text, ctx) => {
    const id = parseId(text);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

/** A whole number of at most `digits` digits, optionally negative, as a number. */
export function wholeNumberField(message: string, digits = 3) {
  return z
    .string({ error: message })
    .regex(new RegExp(`^-?\\d{1,${digits}}$`), message)
    .transform(Number);
}

/** Trimmed text; empty is refused with `message`. */
export function requiredText(message: string, maxLength: number) {
  return z.string({ error: message }).trim().min(1, message).max(maxLength, message);
}

/** Trimmed text where empty means not given (null). */
export function optionalText(message: string, maxLength: number) {
  return z
    .string({ error: message })
    .trim()
    .max(maxLength, message)
    .optional()
    .transform((text) => (text ? text : null));
}

/** A decimal number typed into a field, where empty means not given (null). */
export function optionalNumberField(message: string) {
  return optionalText(message, 40).transform((text, ctx) => {
    if (text === null) return null;
    const number = Number(text);
    if (!Number.isFinite(number)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return number;
  });
}
