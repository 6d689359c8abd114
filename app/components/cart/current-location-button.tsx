import { useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useT } from "../../i18n/use-t";
import { canAskPosition, currentPosition } from "../../lib/current-position";
import { degrees } from "../../lib/location-form";
import { useHydrated } from "../../lib/use-hydrated";
import { useBusy } from "./use-busy";

/**
 * 'Use my current location' on /cart: the device's position is posted as the cart's own form (`intent=position`), so
 * the cart is priced for it exactly as for a place found by name. JavaScript only: it renders after hydration, and
 * without JavaScript the shopper gives a pincode or a place's name.
 */
export function CurrentLocationButton() {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = useBusy("position");
  const [status, setStatus] = useState("");
  const t = useT();
  if (!hydrated || !canAskPosition()) return null;

  async function locateHere() {
    setStatus(t("location.finding_location"));
    try {
      const { coords } = await currentPosition();
      setStatus("");
      submit(
        { intent: "position", latitude: degrees(coords.latitude), longitude: degrees(coords.longitude) },
        { method: "post", action: "/cart", preventScrollReset: true },
      );
    } catch {
      setStatus(t("location.no_position"));
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <button type="button" className="btn-outline" disabled={busy} onClick={() => void locateHere()} data-testid="use-current-location">
        {t("location.use_current_location")}
      </button>
      <p className="text-sm text-gray-700" aria-live="polite" data-testid="current-location-status">
        {status}
      </p>
    </div>
  );
}
