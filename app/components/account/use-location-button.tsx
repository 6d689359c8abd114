import { useState } from "react";
import { useBrowserOrigin } from "../../browser-origin";
import { useT } from "../../i18n/use-t";
import { refusalOf } from "../../lib/api-refusal";
import { currentPosition } from "../../lib/current-position";
import { useHydrated } from "../../lib/use-hydrated";

interface Place {
  line1: string | null;
  area: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
}

const FIELDS: Record<string, (place: Place) => string | null> = {
  line1: (p) => p.line1,
  line2: (p) => p.area,
  city: (p) => p.city,
  state: (p) => p.state,
  pincode: (p) => p.pincode,
};

function setField(form: HTMLFormElement, name: string, value: string) {
  const input = form.elements.namedItem(name);
  if (input instanceof HTMLInputElement) input.value = value;
}

/**
 * 'Use my current location': fills the address form from the device's position, looked up at /api/google/address.
 * JavaScript only, so it renders only after hydration; without it the shopper fills the form by hand.
 */
export function UseLocationButton() {
  const t = useT();
  const hydrated = useHydrated();
  const [status, setStatus] = useState("");
  const origin = useBrowserOrigin();
  if (!hydrated || !("geolocation" in navigator)) return null;

  async function fill(form: HTMLFormElement) {
    setStatus(t("account.finding_location"));
    try {
      const { coords } = await currentPosition();
      const response = await origin().api.google.address.$get({
        query: { lat: coords.latitude.toFixed(6), lng: coords.longitude.toFixed(6) },
      });
      setField(form, "latitude", String(coords.latitude));
      setField(form, "longitude", String(coords.longitude));
      const place = response.ok ? (await response.json()).results[0] : undefined;
      if (!place) {
        const { message } = response.ok ? {} : await refusalOf(response);
        setStatus(message ?? t("account.position_without_address"));
        return;
      }
      for (const [name, read] of Object.entries(FIELDS)) {
        const value = read(place);
        if (value) setField(form, name, value);
      }
      setStatus(t("account.filled_from_location"));
    } catch {
      setStatus(t("account.location_unavailable"));
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="btn-outline"
        data-testid="use-location"
        onClick={(event) => {
          const form = event.currentTarget.form;
          if (form) void fill(form);
        }}
      >
        {t("account.use_my_location")}
      </button>
      <p className="text-sm text-gray-700" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
