/**
 * A store's payment secrets at rest: AES-GCM under the Worker secret PAYMENT_SECRETS_KEY (base64 of 32 bytes), a random
 * 12-byte IV per value, the secret's name as additional data (a ciphertext copied under another name does not open).
 * Plain WebCrypto, so scripts/store-razorpay.ts encrypts with the same code in Node.
 */

export type SecretName = "razorpay_key_secret" | "razorpay_webhook_secret";

export interface SealedSecret {
  iv: string;
  ciphertext: string;
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function aesKey(keyBase64: string | undefined): Promise<CryptoKey> {
  const raw = keyBase64 ? fromBase64(keyBase64) : new Uint8Array();
  if (raw.length !== 32) throw new Error("PAYMENT_SECRETS_KEY must be base64 of 32 bytes.");
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function sealSecret(keyBase64: string | undefined, name: SecretName, value: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(name) },
    await aesKey(keyBase64),
    encoder.encode(value),
  );
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) };
}

export async function openSecret(keyBase64: string | undefined, name: SecretName, sealed: SealedSecret): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(sealed.iv), additionalData: encoder.encode(name) },
    await aesKey(keyBase64),
    fromBase64(sealed.ciphertext),
  );
  return new TextDecoder().decode(plain);
}

/** The store's Razorpay secrets, opened; null when the store has not configured Razorpay (either one missing). */
export async function readRazorpaySecrets(
  db: D1Database,
  keyBase64: string | undefined,
  tenantId: number,
): Promise<{ keySecret: string; webhookSecret: string } | null> {
  const { results } = await db
    .prepare("SELECT name, iv, ciphertext FROM store_secrets WHERE tenant_id = ?1")
    .bind(tenantId)
    .all<SealedSecret & { name: SecretName }>();
  const sealed = (name: SecretName) => results.find((row) => row.name === name);
  const key = sealed("razorpay_key_secret");
  const webhook = sealed("razorpay_webhook_secret");
  if (!key || !webhook) return null;
  return {
    keySecret: await openSecret(keyBase64, "razorpay_key_secret", key),
    webhookSecret: await openSecret(keyBase64, "razorpay_webhook_secret", webhook),
  };
}
