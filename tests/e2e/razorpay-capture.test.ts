import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleVarArgs } from "../../scripts/dev-vars";
import {
  FAKE_RAZORPAY_KEY_ID,
  FAKE_RAZORPAY_KEY_SECRET,
  FAKE_RAZORPAY_WEBHOOK_SECRET,
  startFakeRazorpay,
} from "../worker/fake-servers/fake-razorpay";
import { BASE_PORT, BUILD_SNAPSHOT_DIR, useBrowser, VARIANTS, visibleText } from "./helpers";

/**
 * Paid means captured, in Chromium without JavaScript (issue 31): the food store with Razorpay keys, a Worker whose
 * RAZORPAY_API_URL is the fake Razorpay (tests/worker/fake-servers/fake-razorpay.ts), whose hosted checkout's Pay only
 * authorizes, as for an account without automatic capture. The shared server of the suite runs the test gateway, so
 * this file starts its own `wrangler dev` on the suite's build snapshot, on a port of its own, with its own state.
 */

const PORT = BASE_PORT + 11;
const STATE = ".wrangler/e2e-money-state";
const FOOD = "food.localhost";
const NO_JS = VARIANTS.find((variant) => !variant.js && variant.width === 1280)!;

let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
let server: ChildProcess | undefined;

function offlineEnv(): NodeJS.ProcessEnv {
  const dump = execFileSync("bash", ["-c", ". ./scripts/offline-env.sh && env -0"], { encoding: "utf8" });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const entry of dump.split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { ...env, CI: "true" };
}

function api(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path,
        headers: { Host: FOOD, ...(text ? { "Content-Type": "application/json" } : {}), ...headers },
      },
      (res) => {
        let data = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          data += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

async function ok<T = unknown>(call: Promise<{ status: number; json: unknown }>, status: number): Promise<T> {
  const answer = await call;
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  return answer.json as T;
}

beforeAll(async () => {
  fake = await startFakeRazorpay();
  const env = offlineEnv();
  const run = (command: string, args: string[]) => execFileSync(command, args, { env, stdio: "pipe", encoding: "utf8" });
  rmSync(STATE, { recursive: true, force: true });
  run("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  run("node_modules/.bin/tsx", ["scripts/store-import.ts", "stores/food.json", "--persist-to", STATE]);
  run("node_modules/.bin/tsx", [
    "scripts/store-razorpay.ts",
    ...["--store", "food", "--key-id", FAKE_RAZORPAY_KEY_ID, "--key-secret", FAKE_RAZORPAY_KEY_SECRET],
    ...["--webhook-secret", FAKE_RAZORPAY_WEBHOOK_SECRET, "--persist-to", STATE],
  ]);
  server = spawn(
    "node_modules/.bin/wrangler",
    [
      "dev",
      `${BUILD_SNAPSHOT_DIR}/worker/index.js`,
      "--no-bundle",
      ...["--assets", `${BUILD_SNAPSHOT_DIR}/client`, "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", STATE],
      "--show-interactive-dev-session=false",
      ...exampleVarArgs(),
      ...["--var", `RAZORPAY_API_URL:${fake.url}`],
    ],
    { env, detached: true, stdio: "ignore" },
  );
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`wrangler dev did not answer on port ${PORT}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  // wrangler runs workerd as a grandchild: the whole process group goes.
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  await fake?.close();
});

describe("the no-JavaScript pay path against Razorpay", () => {
  const { open } = useBrowser();

  it("ends on a paid order only after the Worker captured the authorized payment", async () => {
    const unique = `${Date.now()}`;
    const account = {
      name: "Asha Tester",
      email: `money-${unique}@example.com`,
      phone: `9${unique.slice(-9)}`,
      password: "correct horse battery",
    };
    const { token } = await ok<{ token: string }>(api("POST", "/api/register", {}, account), 201);
    const bearer = { Authorization: `Bearer ${token}` };
    const address = {
      name: "Asha Rao",
      phone: "+91 98000 00001",
      line1: "Flat 402",
      city: "Bengaluru",
      state: "Karnataka",
      pincode: "560038",
      label: "Home",
    };
    // Sent without a position, as the no-JS form sends it: the Worker places it.
    const saved = await ok<{ addresses: { id: number }[] }>(api("POST", "/api/address/add", bearer, address), 201);
    const addressId = saved.addresses[0]!.id;
    await ok(api("POST", "/api/cart/add", bearer, { product_id: 1, quantity: 1 }), 201);
    const priced = await ok<{ total: number }>(api("PUT", "/api/cart/delivery-location", bearer, { address_id: addressId }), 200);
    const body = { fulfillment: "delivery", address_id: addressId, payment_method: "online", expected_total: priced.total };
    const { order } = await ok<{ order: { id: string } }>(
      api("POST", "/api/place-order", { ...bearer, "Idempotency-Key": crypto.randomUUID() }, body),
      201,
    );

    const base = `http://${FOOD}:${PORT}`;
    const { page, tolerateProblem } = await open(`${base}/healthz`, NO_JS);
    tolerateProblem(/^http 404: GET http:\/\/127\.0\.0\.1:\d+\/favicon\.ico$/, "the fake Razorpay's pages have no icon");
    await page.context().addCookies([{ name: "session", value: token, url: base }]);
    await page.goto(`${base}/checkout/pay/${order.id}`);
    await Promise.all([page.waitForURL(/\/v1\/checkout\/embedded$/), page.getByTestId("pay-button").click()]);
    await Promise.all([page.waitForURL(/\/v1\/checkout\/decide$/), page.getByTestId("fake-pay").click()]);

    // The bank authorized; nothing is captured yet, and the order is still waiting.
    const payments = (await (await fetch(`${fake.url}/__requests`)).json()) as { method: string; path: string }[];
    expect(payments.some((r) => r.path.endsWith("/capture"))).toBe(false);
    expect(await ok(api("GET", `/api/get-single-order?order_id=${order.id}`, bearer), 200)).toMatchObject({ payment_status: "awaiting" });

    await Promise.all([page.waitForURL(`${base}/order-placed/${order.id}`), page.getByTestId("fake-continue").click()]);
    await expect(visibleText(page.getByTestId("order-payment"))).resolves.toBe("Online payment · Paid");
    const captures = ((await (await fetch(`${fake.url}/__requests`)).json()) as { method: string; path: string; body: string }[]).filter(
      (r) => r.path.endsWith("/capture"),
    );
    expect(captures).toHaveLength(1);
    const paymentId = captures[0]!.path.split("/")[3]!;
    const payment = (await (await fetch(`${fake.url}/__control/payment-of?payment_id=${paymentId}`)).json()) as {
      status: string;
      amount: number;
    };
    expect(payment.status).toBe("captured");
    expect(JSON.parse(captures[0]!.body)).toEqual({ amount: payment.amount, currency: "INR" });
  }, 60_000);
});
