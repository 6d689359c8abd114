import { issueId } from "./i18n/message";
import * as z from "./zod";

/**
 * What text a person types may hold, for every field a shopper or an owner fills in: no control character but, in a
 * text of several lines, the line breaks and tabs. SQLite's length() stops at a NUL, so a field of control characters
 * would pass a length rule here and fail the table's CHECK (a 500); and no one means to store a bell or an escape.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
export const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
export const LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const CONTROL_CHARACTER_MESSAGE = issueId("errors.control_characters");

/** A free text of several lines, such as a note, a reason or a review, up to `max` characters; empty when left out. */
export const writtenText = (max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max), z.regex(LINES, CONTROL_CHARACTER_MESSAGE)), "");
