import { z } from "zod";

export const MAX_PER_PAGE = 48;

/** `page` and `per_page` of every paged API answer. */
export const pagingQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(12),
};

export const toPaging = (query: { page: number; per_page: number }) => ({ page: query.page, perPage: query.per_page });

/** A slug, or an id written as a slug (the spec's routes accept both). */
export const slugOrId = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9-]+$/, "must be a slug or an id");
