import { config } from "zod/mini";
import { en } from "zod/v4/locales";

// zod/mini registers no locale, so a refusal without a message of ours would read only "Invalid input"; the classic
// API registered English itself. Every schema imports zod from here, so every message reads as it did.
config(en());

export * from "zod/mini";
