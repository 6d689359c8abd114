// Account set-up for the signed-in targets, through the real API: one customer registered per run.
import { randomBytes } from "node:crypto";
import { send } from "./http";

export interface BenchCustomer {
  email: string;
  password: string;
  token: string;
}

/**
 * Registers a new customer at `host` and answers its credentials and session token. Registrations are limited per
 * client (20 an hour); `client` names another one (the local runtime takes `CF-Connecting-IP` from the sender).
 */
export async function registerCustomer(baseUrl: string, host: string, client?: string): Promise<BenchCustomer> {
  const unique = randomBytes(4).readUInt32BE(0);
  const email = `bench.${unique}@example.com`;
  const password = "bench password 1234";
  const body = JSON.stringify({ name: "Bench Shopper", email, phone: `+9190${String(unique).padStart(10, "0").slice(-8)}`, password });
  const response = await send(
    "POST",
    `${baseUrl}/api/register`,
    { Host: host, "content-type": "application/json", ...(client ? { "CF-Connecting-IP": client } : {}) },
    body,
  );
  if (response.status !== 201) throw new Error(`POST /api/register answered ${response.status}: ${response.text.slice(0, 200)}`);
  return { email, password, token: (JSON.parse(response.text) as { token: string }).token };
}
