/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { OptionalSettings } from "../../worker/env";

declare global {
  namespace Cloudflare {
    // `env` from cloudflare:test: the Worker's bindings (worker-configuration.d.ts), its optional settings, and the
    // migrations the setup applies.
    interface Env extends OptionalSettings {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      TEST_DIRECTORY_MIGRATIONS: import("cloudflare:test").D1Migration[];
      MIGRATION_DB: D1Database;
      BEHIND_DB: D1Database;
    }
  }
}
