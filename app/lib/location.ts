/** The page of branch and place choices (and the drawer's one action): where 'Change Location' leads. */
export const LOCATION_PATH = "/location";
