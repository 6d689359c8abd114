import { parseId } from "../../commerce/ids";
import { addIssue } from "../../commerce/transform-issue";
import * as z from "../../commerce/zod";

/**
 * zod schemas for single form fields (a form's values are text). Each takes the message the shopper sees when the
 * field is wrong, so a form's schema reads as its rules: a message id (`issueId("errors.remove_failed")`), which the
 * form reader puts into the page's language, or a text the action already put into words.
 */

/** A record id (commerce/ids), as a number. */
export function idField(message: string) {
  return z.pipe(
    z.string({ error: message }),
    z.transform((text, ctx) => {
      const id = parseId(text);
      if (id === null) {
        addIssue(ctx, { message });
        return z.NEVER;
      }
      return id;
    }),
  );
}

/** A whole number of at most `digits` digits, optionally negative, as a number. */
export function wholeNumberField(message: string, digits = 3) {
  return z.pipe(z.string({ error: message }).check(z.regex(new RegExp(`^-?\\d{1,${digits}}$`), message)), z.transform(Number));
}

/** Trimmed text; empty is refused with `message`. */
export function requiredText(message: string, maxLength: number) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(maxLength, message));
}

/** Trimmed text where empty means not given (null). */
export function optionalText(message: string, maxLength: number) {
  return z.pipe(
    z.optional(z.string({ error: message }).check(z.trim(), z.maxLength(maxLength, message))),
    z.transform((text) => (text ? text : null)),
  );
}

/** A decimal number, required: empty or anything else is refused with `message`. */
export function numberField(message: string) {
  return z.pipe(
    optionalNumberField(message),
    z.transform((number, ctx) => {
      if (number !== null) return number;
      addIssue(ctx, { message });
      return z.NEVER;
    }),
  );
}

/** A decimal number typed into a field, where empty means not given (null). */
export function optionalNumberField(message: string) {
  return z.pipe(
    optionalText(message, 40),
    z.transform((text, ctx) => {
      if (text === null) return null;
      const number = Number(text);
      if (!Number.isFinite(number)) {
        addIssue(ctx, { message });
        return z.NEVER;
      }
      return number;
    }),
  );
}
