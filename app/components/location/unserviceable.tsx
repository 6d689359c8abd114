import { useT } from "../../i18n/use-t";
import { MainLandmark } from "../main-landmark";
import { ChangeLocationLink } from "./change-location-link";

/** The spec's unserviceable area (section 2): no branch delivers where the visitor stands, so no blocks are shown. */
export function Unserviceable() {
  const t = useT();
  return (
    <MainLandmark className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center" data-testid="unserviceable">
      <div aria-hidden="true" className="h-16 w-16 rounded-full bg-brand-a20 ring-8 ring-brand-a10" />
      <h1 className="text-xl font-semibold text-ink">{t("location.not_delivered_here")}</h1>
      <p className="text-gray-600">{t("location.unavailable_here")}</p>
      {/* The /location page, or with JavaScript the location drawer. */}
      <ChangeLocationLink className="rounded-full bg-brand px-6 py-3 font-semibold text-brand-on" testId="unserviceable-change-location">
        {t("shell.change_location")}
      </ChangeLocationLink>
    </MainLandmark>
  );
}
