import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import type { MessageId } from "../../commerce/i18n/compiled/message-ids";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import type { BranchChoice } from "../../worker/branches/branch-choice-answer";
import { accountAnswer, safeRedirectTo } from "./account.server";
import { STAY_FIELD } from "./add-to-cart-form";
import { idField } from "./form-fields.server";
import { degrees, type LocationChoiceResult } from "./location-form";
import { pageTranslator } from "./page-translator.server";
import { refused } from "./refused.server";

/** A place the search found, and the branch that delivers there (null: none does). */
export interface FoundPlace {
  place_id: string;
  label: string;
  latitude: number;
  longitude: number;
  branch: BranchChoice | null;
}

export interface PlaceSearch {
  /**
   * Why there is nothing to show (nothing found, a query too short, the geocoder down), or that search is limited (no
   * geocoder set up); null when places were found by a full search.
   */
  message: string | null;
  places: FoundPlace[];
}

/** The geocoder's own limit on a query (worker/api/geocoding.ts). */
const MAX_QUERY_LENGTH = 200;

/** The branch serving each place that matches `q`, as the no-JavaScript page lists them. */
async function searchPlaces(context: AppLoadContext, q: string): Promise<PlaceSearch> {
  const t = pageTranslator(context);
  const search = await context.origin.attempt.googleAddress({ q });
  if (!search.ok) {
    if (search.status !== 400) return { message: t("location.search_unavailable_branches"), places: [] };
    return { message: search.issues?.[0]?.message ?? search.message, places: [] };
  }
  const { results, notice } = search.value;
  const places = await Promise.all(
    results.map(async (place): Promise<FoundPlace> => {
      const position = { latitude: degrees(place.latitude), longitude: degrees(place.longitude) };
      const answer = await context.origin.branchBasedOnGps(position);
      return {
        place_id: place.place_id,
        label: place.formatted_address,
        latitude: place.latitude,
        longitude: place.longitude,
        branch: answer.branch,
      };
    }),
  );
  const found = places.length > 0 ? null : t("location.no_place_found");
  return { message: [found, notice].filter(Boolean).join(" ") || null, places };
}

/** The /location page: the store's branches, the shopper's own, and the places found for `?q=` with their branches. */
export async function locationPage(context: AppLoadContext, request: Request) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const [{ branches }, search] = await Promise.all([context.origin.branches(), q === "" ? null : searchPlaces(context, q)]);
  const { branchId, branchChosen } = context.shopper;
  const title = pageTranslator(context)("location.title");
  return { title, branches, branchId, branchChosen, q, search, redirectTo: safeRedirectTo(url.searchParams.get("redirectTo"), "/") };
}

const chooseForm = z.object({
  branch_id: idField("location.choose_from_list" satisfies MessageId),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
  [STAY_FIELD]: z.optional(z.string().check(z.maxLength(10))),
});

/**
 * The branch choice: the API checks the branch is this store's and open to shoppers, and the shopper's branch cookie
 * is set. A plain form goes back where it came from (the home by default); the drawer's fetcher (`stay`) is answered
 * on the spot. A refusal changes nothing and is shown on the page or in the drawer.
 */
export async function chooseBranch(context: AppLoadContext, request: Request) {
  const form = await readForm(request, chooseForm);
  if (!form.ok) return refused({ ok: false, message: form.message } satisfies LocationChoiceResult);
  const answer = accountAnswer(await context.origin.attempt.selectBranch({ branch_id: form.data.branch_id }));
  if (!answer.ok) return refused({ ok: false, message: answer.message } satisfies LocationChoiceResult, answer.retryAfter);
  const { id, name } = answer.body.branch;
  context.shopper.chooseBranch(id);
  if (form.data[STAY_FIELD] === undefined) throw redirect(safeRedirectTo(form.data.redirectTo, "/"), 303);
  return { ok: true, branch: { id, name } } satisfies LocationChoiceResult;
}
