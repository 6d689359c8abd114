/**
 * HMAC-SHA256 as Razorpay uses it: hex signatures over `order_id|payment_id` (key secret) and over a webhook's raw
 * body (webhook secret). Checking goes through crypto.subtle.verify, which compares in constant time.
 */

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

function bytesOf(message: string | ArrayBuffer): ArrayBuffer | Uint8Array<ArrayBuffer> {
  return typeof message === "string" ? encoder.encode(message) : message;
}

export async function hmacHex(secret: string, message: string | ArrayBuffer): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), bytesOf(message));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `signatureHex` is the HMAC of the message; anything that is not 64 hex digits is simply not. */
export async function verifyHmacHex(secret: string, message: string | ArrayBuffer, signatureHex: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signatureHex)) return false;
  const signature = Uint8Array.from(signatureHex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), signature, bytesOf(message));
}
