import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import type { RecentPlace } from "../../../commerce/recent-places";
import type { BranchChoice } from "../../../worker/branches/branch-choice-answer";
import { useT } from "../../i18n/use-t";
import { slots, withElements } from "../../i18n/with-elements";
import { STAY_FIELD } from "../../lib/add-to-cart-form";
import { currentPosition } from "../../lib/current-position";
import { LOCATION_PATH } from "../../lib/location";
import type { LocationChoiceResult } from "../../lib/location-form";
import type { RootData } from "../../route-data";
import { forgetHome } from "../../state/last-home";
import { recentPlaces, rememberPlace } from "../../state/recent-places";
import { Alert } from "../alert";
import { DrawerFrame } from "../drawer-frame";
import { BranchList } from "./branch-list";
import { locationApi } from "./location-api";
import { PlaceSearchForm } from "./place-search-form";
import { PlaceVerdict } from "./place-verdict";

/** A place the shopper is looking at; one found by the geocoder is remembered when it leads to a choice. */
interface ActivePlace extends RecentPlace {
  remember: boolean;
}

/**
 * The location drawer (spec section 2, 'Change Location'), loaded on first use with Headless UI and valtio: the
 * shopper's current location, a place search, their recent places and the branch list. Choosing posts the /location
 * page's own form through a fetcher; the page's data reloads and the drawer closes.
 */
export default function LocationDrawer({ onClose }: { onClose: () => void }) {
  const root = useRouteLoaderData<RootData>("root");
  // The root is always there while the app runs; 1 is the spec's default branch.
  const currentId = root?.branch.id ?? 1;
  const { pathname, search } = useLocation();
  const recent = useSnapshot(recentPlaces).places;
  const fetcher = useFetcher<LocationChoiceResult>();
  const [branches, setBranches] = useState<BranchChoice[] | null>(null);
  const [found, setFound] = useState<RecentPlace[] | null>(null);
  const [place, setPlace] = useState<ActivePlace | null>(null);
  const [verdict, setVerdict] = useState<{ branch: BranchChoice | null } | null>(null);
  const [status, setStatus] = useState("");
  // The place the choice on its way was made for.
  const choosingFor = useRef<ActivePlace | null>(null);
  const t = useT();
  // An answer the API gave no words for: the store could not answer.
  const failed = useCallback((error: Error) => setStatus(error.message || t("location.store_unavailable")), [t]);

  useEffect(() => {
    locationApi.branches(currentId).then((answer) => setBranches((known) => known ?? answer.branches), failed);
  }, [currentId, failed]);

  // The choice is made once the page's data has reloaded with it: the drawer's work is done.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    const chosenFor = choosingFor.current;
    if (chosenFor?.remember)
      rememberPlace({ place_id: chosenFor.place_id, label: chosenFor.label, latitude: chosenFor.latitude, longitude: chosenFor.longitude });
    forgetHome();
    onClose();
  }, [fetcher.state, fetcher.data, onClose]);

  async function look(next: ActivePlace) {
    setPlace(next);
    setVerdict(null);
    setStatus(t("location.checking_delivery", { place: next.label }));
    try {
      const answer = await locationApi.branchAt(currentId, next);
      setVerdict({ branch: answer.branch });
      setBranches(answer.branches);
      setStatus(
        answer.branch
          ? t("location.delivered_from_status", { place: next.label, branch: answer.branch.name })
          : t("location.not_delivered_status", { place: next.label }),
      );
    } catch (error) {
      failed(error as Error);
    }
  }

  async function lookUpHere() {
    if (!("geolocation" in navigator)) {
      setStatus(t("location.no_position"));
      return;
    }
    setStatus(t("location.finding_location"));
    let coords: GeolocationCoordinates;
    try {
      ({ coords } = await currentPosition());
    } catch {
      setStatus(t("location.no_position"));
      return;
    }
    // Its address names it among the recent places; without one it is only looked at.
    const named = await locationApi.placesAt(currentId, coords).then(
      (answer) => answer.results[0] ?? null,
      () => null,
    );
    await look({
      place_id: named?.place_id ?? `${coords.latitude},${coords.longitude}`,
      label: named?.formatted_address ?? t("location.your_current_location"),
      latitude: coords.latitude,
      longitude: coords.longitude,
      remember: named !== null,
    });
  }

  async function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setFound(null);
    setStatus(t("location.searching"));
    try {
      const { results, notice } = await locationApi.placesNamed(currentId, q);
      setFound(results.map((p) => ({ place_id: p.place_id, label: p.formatted_address, latitude: p.latitude, longitude: p.longitude })));
      const found = results.length === 0 ? t("location.no_place_found") : t("location.places_found_count", { count: results.length });
      // The geocoder's notice (a limited search) is the API's, in the shopper's language: a sentence after this one.
      setStatus(notice ? `${found} ${notice}` : found);
    } catch (error) {
      failed(error as Error);
    }
  }

  const onChoose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set(STAY_FIELD, "1");
    // The place is remembered when it led to the choice: its own branch was chosen.
    choosingFor.current = place && verdict?.branch?.id === Number(form.get("branch_id")) ? place : null;
    fetcher.submit(form, { method: "post", action: LOCATION_PATH });
  };
  const choose = { redirectTo: pathname + search, onChoose, busy: fetcher.state !== "idle" };
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;

  return (
    <DrawerFrame
      title={t("location.title")}
      subtitle={
        root?.branch.name ? (
          <p className="text-sm text-gray-700">
            {withElements(t("location.delivering_from", slots("branch")), { branch: <strong>{root.branch.name}</strong> })}
          </p>
        ) : null
      }
      onClose={onClose}
      placement="start"
      panelClassName="location-drawer"
      testId="location-drawer"
    >
      <Alert message={refusal} testId="location-refusal" />
      <button type="button" className="btn-outline" onClick={() => void lookUpHere()} data-testid="use-current-location">
        {t("location.use_current_location")}
      </button>
      <PlaceSearchForm onSearch={(event) => void onSearch(event)} idPrefix="drawer" />
      <p className="text-sm text-gray-700" aria-live="polite" data-testid="location-status">
        {status}
      </p>
      {found && found.length > 0 ? (
        <PlaceButtons
          places={found}
          onPick={(p) => void look({ ...p, remember: true })}
          label={t("location.places_found")}
          testId="places-found"
        />
      ) : null}
      {place && verdict ? <PlaceVerdict place={place} branch={verdict.branch} {...choose} /> : null}
      {recent.length > 0 ? (
        <section aria-labelledby="recent-places-title" className="flex flex-col gap-1">
          <h3 id="recent-places-title" className="font-semibold text-ink">
            {t("location.recent_places")}
          </h3>
          <PlaceButtons places={recent} onPick={(p) => void look({ ...p, remember: true })} testId="recent-places" />
        </section>
      ) : null}
      <section aria-labelledby="drawer-branches-title" className="flex flex-col gap-2">
        <h3 id="drawer-branches-title" className="font-semibold text-ink">
          {t("location.our_branches")}
        </h3>
        {branches ? (
          <BranchList branches={branches} currentId={currentId} chosen={root?.branch.chosen ?? false} {...choose} />
        ) : (
          <p className="text-sm text-gray-700">{t("location.loading")}</p>
        )}
      </section>
    </DrawerFrame>
  );
}

/** Places to ask about again, each a button named by its label. */
function PlaceButtons({
  places,
  onPick,
  label,
  testId,
}: {
  places: readonly RecentPlace[];
  onPick: (place: RecentPlace) => void;
  label?: string;
  testId: string;
}) {
  return (
    <ul className="flex flex-col gap-1" aria-label={label} data-testid={testId}>
      {places.map((p) => (
        <li key={p.place_id}>
          <button type="button" className="w-full rounded-lg px-3 py-2 text-start hover:bg-brand-a10" onClick={() => onPick(p)}>
            {p.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
