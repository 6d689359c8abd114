import { z } from "zod";

/** The fields of account forms, as every account call reads them: one definition of what an email or phone is. */

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

export const newPassword = z
  .string()
  .min(8, "Use a password of at least 8 characters.")
  .max(128, "Use a password of at most 128 characters.");

export const personName = z.string().trim().min(1, "Enter your name.").max(100, "Use a name of at most 100 characters.");
