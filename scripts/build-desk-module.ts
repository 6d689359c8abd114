import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildDeskModule, DESK_LINK_FILE, DESK_MODULE_FILE } from "./desk-module-build";

/**
 * Builds the desk's module (decision 092) to worker/lazy/desk-module.mjs, which wrangler uploads beside the Worker's
 * script (`find_additional_modules`, wrangler.toml), and writes the Worker's side of its link when what the desk
 * imports has changed (worker/desk-link.ts, kept in the repository so the Worker typechecks before any build).
 */
const { module, link } = await buildDeskModule();
mkdirSync(dirname(DESK_MODULE_FILE), { recursive: true });
writeFileSync(DESK_MODULE_FILE, module);
const current = (() => {
  try {
    return readFileSync(DESK_LINK_FILE, "utf8");
  } catch {
    return null;
  }
})();
if (current !== link) {
  writeFileSync(DESK_LINK_FILE, link);
  console.log(`${DESK_LINK_FILE} written: the desk's module imports other bindings of the Worker's than before`);
}
