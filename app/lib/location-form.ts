/**
 * What the branch choice's form is answered (docs/decisions/033-location-drawer.md). The form — `branch_id` and where
 * to come back to (`redirectTo`) — is posted to the /location page's action (app/lib/location.ts) by its plain forms and
 * by the drawer's fetcher. The drawer adds `stay` (app/lib/add-to-cart-form.ts, STAY_FIELD) and gets this on the spot;
 * a plain form is answered 303, or this refusal on the page.
 */
export type LocationChoiceResult = { ok: true; branch: { id: number; name: string } } | { ok: false; message: string };

/** Decimal degrees as the API reads them (worker/api/coordinates.ts): a plain decimal, never exponent notation. */
export const degrees = (value: number) => value.toFixed(6);
