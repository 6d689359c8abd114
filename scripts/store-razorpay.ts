/**
 * npm run store:razorpay -- --store <slug> --key-id rzp_test_… --key-secret … --webhook-secret … [--remote] [--persist-to <dir>]
 *
 * Configures a store's Razorpay keys (README: Card payments): the key id as the store's site setting razorpayKeyId
 * (public), the key secret and webhook secret sealed with PAYMENT_SECRETS_KEY (AES-GCM, worker/payments/secrets.ts) in
 * store_secrets, written with `wrangler d1 execute` to the local database, or with --remote to the deployed one. For
 * --remote, PAYMENT_SECRETS_KEY must be in the environment (the production secret, not the demo value of .dev.vars).
 */

import { execFileSync } from "node:child_process";
import { RAZORPAY_KEY_ID_SETTING } from "../commerce/store-settings";
import { type SecretName, sealSecret } from "../worker/payments";
import { hostCacheKey } from "../worker/tenancy/resolve-tenant";
import { d1Execute } from "./d1-execute";
import { devVar } from "./dev-vars";
import { storeDatabaseOf } from "./store-database";

const USAGE =
  "Usage: npm run store:razorpay -- --store <slug> --key-id rzp_test_… --key-secret <secret> --webhook-secret <secret> [--remote] [--persist-to <dir>]";

function parseArgs(argv: string[]) {
  const options: Record<string, string> = {};
  let remote = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--remote") remote = true;
    else if (arg.startsWith("--") && argv[i + 1] !== undefined) options[arg.slice(2)] = argv[++i]!;
    else fail(`Unknown argument ${arg}`);
  }
  const need = (name: string) => options[name] || fail(`--${name} is required`);
  return {
    store: need("store"),
    keyId: need("key-id"),
    keySecret: need("key-secret"),
    webhookSecret: need("webhook-secret"),
    persistTo: options["persist-to"],
    remote,
  };
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The Worker keeps each hostname's store (its settings with it) in KV for minutes: dropping it shows the key at once. */
function dropHostCache(hostnames: string[], target: string[]): void {
  for (const hostname of hostnames) {
    execFileSync("npx", ["wrangler", "kv", "key", "delete", hostCacheKey(hostname), "--binding", "KV", ...target], { stdio: "ignore" });
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!/^[a-z0-9-]{1,64}$/.test(args.store)) fail("--store is a store's slug (its stores/<slug>.json)");
  if (!/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(args.keyId)) fail("--key-id must be a Razorpay key id (rzp_test_… or rzp_live_…)");
  const key = args.remote ? process.env.PAYMENT_SECRETS_KEY : devVar("PAYMENT_SECRETS_KEY");
  if (!key)
    fail(args.remote ? "Set PAYMENT_SECRETS_KEY in the environment (the Worker secret's value)." : "No PAYMENT_SECRETS_KEY in .dev.vars.");
  const target = args.remote ? ["--remote"] : ["--local", ...(args.persistTo ? ["--persist-to", args.persistTo] : [])];

  const database = storeDatabaseOf(args.store, target);
  if (database === null) fail(`No store "${args.store}" in the ${args.remote ? "remote" : "local"} directory.`);
  const tenantId = d1Execute<{ id: number }>(database, target, `SELECT id FROM tenants WHERE slug = ${quote(args.store)}`)[0]?.[0]?.id;
  if (tenantId === undefined) fail(`No store "${args.store}" in the ${args.remote ? "remote" : "local"} database.`);

  const now = Date.now();
  const sealed = async (name: SecretName, value: string) => {
    const { iv, ciphertext } = await sealSecret(key, name, value);
    return `INSERT INTO store_secrets (tenant_id, name, iv, ciphertext, updated_at) VALUES (${tenantId}, ${quote(name)}, ${quote(iv)}, ${quote(ciphertext)}, ${now})
      ON CONFLICT (tenant_id, name) DO UPDATE SET iv = excluded.iv, ciphertext = excluded.ciphertext, updated_at = excluded.updated_at`;
  };
  const statements = [
    `INSERT INTO site_settings (tenant_id, key, value) VALUES (${tenantId}, ${quote(RAZORPAY_KEY_ID_SETTING)}, ${quote(args.keyId)})
      ON CONFLICT (tenant_id, key) DO UPDATE SET value = excluded.value`,
    await sealed("razorpay_key_secret", args.keySecret),
    await sealed("razorpay_webhook_secret", args.webhookSecret),
    // Cached store settings are dropped (get-data's markers, and the Worker's parse of them).
    `UPDATE cache_markers SET version = version + 1 WHERE tenant_id = ${tenantId} AND name = 'settings'`,
  ];
  d1Execute(database, target, statements.join(";\n"));
  const hosts = d1Execute<{ hostname: string }>(database, target, `SELECT hostname FROM tenant_hosts WHERE tenant_id = ${tenantId}`);
  dropHostCache(hosts[0]?.map((row) => row.hostname) ?? [], target);
  console.log(
    `Razorpay keys set for "${args.store}" (${args.remote ? "remote" : "local"}): key id ${args.keyId}; secrets sealed with PAYMENT_SECRETS_KEY.`,
  );
  console.log(
    "Webhook: https://<store host>/api/razorpay/webhook (payment.captured, payment.failed, order.paid, refund.processed, refund.failed).",
  );
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
