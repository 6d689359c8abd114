/** The page of branch and place choices (and the drawer's one action): where 'Change Location' leads. */
export const LOCATION_PATH = "/location";

/** What a place search that found nothing says, wherever a shopper searches for a place (drawer, /location, /cart). */
export const NO_PLACE_FOUND = "No place was found by that name. Try an area or a pincode.";

/** What 'Use my current location' says when the browser gives no position (refused, unavailable, too slow). */
export const NO_POSITION = "Your location is not available. Please search for your place.";
