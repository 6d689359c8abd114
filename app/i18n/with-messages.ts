/**
 * A module imported later (a drawer, a part hydrated after the page) with the messages its chunk names (decision 081):
 * `lazy(() => import("./drawer").then(withMessages))`. Its chunk asks for its pack as it runs, before the import
 * settles; waiting for it here means its first render finds its words, whatever kind of update renders it (React may
 * not wait on words for an update it must finish at once, such as a click's). On the server, the module as it is.
 */
export function withMessages<T>(module: T): Promise<T> {
  const loaded = globalThis.__messagePack?.loaded;
  return loaded ? loaded().then(() => module) : Promise.resolve(module);
}
