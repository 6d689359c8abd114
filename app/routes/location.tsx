import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "../components/alert";
import { ErrorPage } from "../components/error-page";
import { BranchList } from "../components/location/branch-list";
import { PlaceSearchForm } from "../components/location/place-search-form";
import { PlaceVerdict } from "../components/location/place-verdict";
import { useT } from "../i18n/use-t";
import { slots, withElements } from "../i18n/with-elements";
import { shopperHeaders } from "../lib/cache-headers";
import { chooseBranch, locationPage } from "../lib/location.server";
import { titledPageMeta } from "../lib/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return locationPage(context, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return chooseBranch(context, request);
}

// The shopper's own branch is marked, and a search is where they are.
export const headers = shopperHeaders;

/** Change Location without JavaScript (with it, the nav's link opens the drawer): a place search and the branch list. */
export default function LocationPage() {
  const { title, branches, branchId, branchChosen, q, search, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const current = branches.find((b) => b.id === branchId);
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8" data-testid="location-page">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        {current ? (
          <p className="text-gray-700" data-testid="current-branch">
            {withElements(t("location.delivering_from", slots("branch")), { branch: <strong>{current.name}</strong> })}
          </p>
        ) : null}
      </div>
      <Alert message={result && !result.ok ? result.message : null} testId="location-refusal" />
      <section aria-labelledby="place-search-title" className="card flex flex-col gap-3 p-5">
        <h2 id="place-search-title" className="section-title mb-0">
          {t("location.find_your_place")}
        </h2>
        <PlaceSearchForm q={q} redirectTo={redirectTo} idPrefix="page" />
        {search?.message ? (
          <p className="text-gray-700" role="status" data-testid="place-search-message">
            {search.message}
          </p>
        ) : null}
        {search && search.places.length > 0 ? (
          <ul className="flex flex-col gap-3" aria-label={t("location.places_found")}>
            {search.places.map((place) => (
              <li key={place.place_id}>
                <PlaceVerdict place={place} branch={place.branch} redirectTo={redirectTo} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="branches-title" className="flex flex-col gap-3">
        <h2 id="branches-title" className="section-title mb-0">
          {t("location.our_branches")}
        </h2>
        <BranchList branches={branches} currentId={branchId} chosen={branchChosen} redirectTo={redirectTo} />
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titledPageMeta(matches, data?.title);

export const ErrorBoundary = ErrorPage;
