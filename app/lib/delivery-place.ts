/**
 * The guest's delivery place on /cart (app/components/cart/guest-location-form.tsx): a pincode, a place by name
 * (`intent=place`, the server geocodes it), or the device's position ('Use my current location', JavaScript only).
 */

/** A match the shopper picks from when a name fits more than one place: posted back by its id with the same name. */
export interface PlaceOption {
  place_id: string;
  label: string;
}

/** What the place search's refusal adds: what was typed (kept in the field), and the matches when there were several. */
export interface PlaceRefusal {
  typed: string;
  choices?: PlaceOption[];
}

/**
 * A refused /cart form (shown above the cart), or, with `place`, the place search's refusal (shown beside its field).
 * One type for both, with `place` optional: the action's answers are one union the page can tell apart.
 */
export interface CartFormRefusal {
  ok: false;
  message: string;
  place?: PlaceRefusal;
}
