// Account set-up for the signed-in targets, through the real API: one customer registered per run.
import { randomBytes } from "node:crypto";
import { send } from "./http";

export interface BenchCustomer {
  email: string;
  password: string;
  token: string;
}

let registered = 0;

/**
 * An address of the benchmarking range (198.18.0.0/15, RFC 2544) for each registration: the bench plays many shoppers,
 * and registrations are limited per client (20 an hour), which a run's 120 place-order customers would pass from one.
 */
function nextClient(): string {
  const n = registered++;
  return `198.18.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;
}

/**
 * Registers a new customer at `host` and answers its credentials and session token, from `client` or an address of
 * its own (the local runtime takes `CF-Connecting-IP` from the sender).
 */
export async function registerCustomer(baseUrl: string, host: string, client = nextClient()): Promise<BenchCustomer> {
  const unique = randomBytes(4).readUInt32BE(0);
  const email = `bench.${unique}@example.com`;
  const password = "bench password 1234";
  const body = JSON.stringify({ name: "Bench Shopper", email, phone: `+9190${String(unique).padStart(10, "0").slice(-8)}`, password });
  const response = await send(
    "POST",
    `${baseUrl}/api/register`,
    { Host: host, "content-type": "application/json", "CF-Connecting-IP": client },
    body,
  );
  if (response.status !== 201) throw new Error(`POST /api/register answered ${response.status}: ${response.text.slice(0, 200)}`);
  return { email, password, token: (JSON.parse(response.text) as { token: string }).token };
}
