import type { Env } from "./env";

/** Whether the developer pages and switches are on: only when `.dev.vars` says so (never in wrangler.toml or production). */
export function devToolsOn(env: Pick<Env, "DEV_TOOLS">): boolean {
  return env.DEV_TOOLS === "1";
}
