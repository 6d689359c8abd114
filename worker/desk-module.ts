import { DESK_LINK, DESK_LINK_KEY } from "./desk-link";

/**
 * The desk's module (decision 092), built apart by scripts/build-desk-module.ts and imported on the first /admin
 * request. It brings only the desk's own code: everything else it uses (the domain functions, the database's gate, the
 * catalogues, React, Hono, zod) is the Worker's own copy, which desk-link.ts hands it under DESK_LINK_KEY before it is
 * evaluated, so no state of the Worker's is held twice. Imported from this folder only: wrangler leaves an import of
 * `./lazy/*.mjs` as it is written (wrangler.toml's rule).
 */
export function deskModule(): Promise<typeof import("./desk/desk-module")> {
  const global = globalThis as Record<symbol, unknown>;
  global[DESK_LINK_KEY] ??= DESK_LINK;
  return import("./lazy/desk-module.mjs");
}
