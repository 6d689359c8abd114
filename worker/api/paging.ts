import { issueId } from "../../commerce/i18n/message";
import * as z from "../../commerce/zod";

export const MAX_PER_PAGE = 48;

/** `page` and `per_page` of every paged API answer. */
export const pagingQuery = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  per_page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PER_PAGE)), 12),
};

export const toPaging = (query: { page: number; per_page: number }) => ({ page: query.page, perPage: query.per_page });

/** A slug, or an id written as a slug (the spec's routes accept both). */
export const slugOrId = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(120), z.regex(/^[A-Za-z0-9-]+$/, issueId("errors.must_be_slug_or_id")));
