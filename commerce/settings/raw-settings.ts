/** A store's settings as the site_settings table keeps them: strings by key, a key the store does not set absent. */
export type RawSettings = Readonly<Record<string, string | undefined>>;
