/**
 * The Worker's bindings come from wrangler.toml through `wrangler types` (worker-configuration.d.ts, checked by
 * `npm run typecheck`); its secrets and settings are declared below, because `wrangler types` would otherwise infer
 * them from whichever `.dev.vars` the machine has (decision 034). They come from `.dev.vars` locally and from
 * `wrangler secret put` or vars in production, and any of them may be absent: each reader says what happens then.
 */
export type Env = Cloudflare.Env & OptionalSettings;

export interface OptionalSettings {
  /** Mixed into every password hash (worker/accounts/passwords.ts). Absent: registration and sign-in answer 503. */
  PASSWORD_PEPPER?: string;
  /**
   * Base64 of the 32-byte AES-GCM key the stores' payment secrets are sealed with (worker/payments/secrets.ts).
   * Absent: no store's Razorpay secrets can be read, so online payment is unavailable.
   */
  PAYMENT_SECRETS_KEY?: string;
  /**
   * Lowercase hex SHA-256 of the platform key, which creates stores through POST /api/platform/stores (decision 040).
   * Absent: that call answers 403 and stores are created with `npm run store:import` only.
   */
  PLATFORM_KEY_SHA256?: string;
  /**
   * The HTTPS endpoint messages (sign-in codes, reset links) are POSTed to as JSON (worker/messages/webhook-outbox.ts).
   * Unset: the D1 outbox (read on /dev/outbox) with DEV_TOOLS=1, else none (worker/messages/outbox.ts).
   */
  MESSAGES_URL?: string;
  /**
   * "d1": without MESSAGES_URL, keep messages in the D1 outbox though DEV_TOOLS is off (the worker tests read the table).
   * Unset, and without MESSAGES_URL or DEV_TOOLS=1, there is no transport: code and reset requests are refused.
   */
  MESSAGES_OUTBOX?: string;
  /** The bearer token sent to MESSAGES_URL; a secret in production. */
  MESSAGES_TOKEN?: string;
  /** "1" serves the developer pages (/dev/outbox). Set only in `.dev.vars`, never in wrangler.toml or production. */
  DEV_TOOLS?: string;
  /**
   * "1" lets a request delay each of its database round trips by its `Bench-DB-Delay` header (worker/db/bench-delay.ts),
   * for `npm run bench`. Set only with `--var` or in `.dev.vars`, never in wrangler.toml or production.
   */
  BENCH_DB?: string;
  /**
   * With DEV_TOOLS=1 only: where a visitor without a `dev_position` cookie stands ("latitude,longitude"), in place of
   * the local runtime's fake request.cf. Unset: nowhere, so visitors get the main branch.
   */
  DEV_POSITION?: string;
  /** Google Geocoding API key (worker/geocoding/google.ts); without it addresses are looked up in the offline gazetteer. */
  GOOGLE_MAPS_API_KEY?: string;
  /** The geocoding endpoint, to point the Google transport elsewhere (tests use a fake on loopback). */
  GEOCODING_URL?: string;
  /**
   * "cloudflare": pages ask for the store's uploaded images at the width they show through Cloudflare's image
   * transformations (`/cdn-cgi/image/…`), which the zone must have enabled. Unset: served as stored (locally).
   */
  IMAGE_RESIZING?: string;
  /** Razorpay's API base; absent: https://api.razorpay.com (tests point it at a fake on loopback). */
  RAZORPAY_API_URL?: string;
  /** Razorpay Checkout's script; absent: https://checkout.razorpay.com/v1/checkout.js. */
  RAZORPAY_CHECKOUT_JS?: string;
  /**
   * Where the third-party plugins' scripts are loaded from: absent, each vendor's own address; set (tests: a fake on
   * loopback), `<this>/<vendor host>/<vendor path>` for every plugin, and the CSP allows this origin instead of the
   * vendors' (commerce/plugins.ts, worker/http/plugin-sources.ts).
   */
  PLUGIN_SCRIPTS_URL?: string;
}
