import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";
import { startFakePluginVendors } from "../worker/fake-servers/fake-plugin-vendors";
import { startFakeRazorpay } from "../worker/fake-servers/fake-razorpay";
import { BASE_PORT, DEMO_PLATFORM_KEY_SHA256, PERSIST_DIR } from "./helpers";

/** Test-only stores, imported beside the demo stores (`npm start -- --import`). */
const FIXTURE_STORES = [
  "tests/fixtures/closed-store.json",
  "tests/fixtures/hostile-html-store.json",
  "tests/fixtures/yellow-store.json",
  "tests/fixtures/white-store.json",
  "tests/fixtures/connectivity-store.json",
  // The food store again, with the fake Razorpay's key id: its payments go to the fake, the demo stores' to the test gateway.
  "tests/fixtures/razorpay-store.json",
  // Every plugin on (their scripts from the fake vendors), a digital store, and a favicon of every size.
  "tests/fixtures/plugins-store.json",
];
/** `npm start` builds, sets up the database and starts wrangler: about 40 s on a quiet 2-core machine. */
const READY_TIMEOUT_MS = 180_000;

/** The fixtures are hand-written; check them against the import schema so a typo fails with a clear message. */
function validateFixtures() {
  for (const file of FIXTURE_STORES) {
    const result = storeFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!result.success) {
      const issues = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
      throw new Error(`${file} is not a valid store file:\n${issues}`);
    }
  }
}

function stopProcessGroup(child: ChildProcess) {
  try {
    // npm start runs wrangler, which runs workerd: killing only npm's PID would leave the port taken.
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The food store owner's API key (scripts/store-api-key.ts), for tests that act as the store. */
    foodStoreKey: string;
    /** The fake Razorpay on loopback (tests/worker/fake-servers/fake-razorpay.ts) the Worker's RAZORPAY_API_URL names. */
    fakeRazorpayUrl: string;
    /** The plugins' vendors on loopback (tests/worker/fake-servers/fake-plugin-vendors.ts): the Worker's PLUGIN_SCRIPTS_URL. */
    fakePluginVendorsUrl: string;
  }
}

/** Makes the food store's API key as its owner does (README: Store owner API), and answers the key it printed. */
function makeStoreKey(): string {
  const output = execFileSync(
    "npm",
    ["run", "--silent", "store:api-key", "--", "--store", "food", "--label", "e2e", "--persist-to", PERSIST_DIR],
    {
      encoding: "utf8",
    },
  );
  const key = output.trim().split("\n").at(-1) ?? "";
  if (!/^sk_/.test(key)) throw new Error(`store:api-key printed no key:\n${output}`);
  return key;
}

export default async function setup(project: TestProject) {
  const healthz = `http://127.0.0.1:${BASE_PORT}/healthz`;
  const alreadyListening = await fetch(healthz).then(
    () => true,
    () => false,
  );
  if (alreadyListening) {
    throw new Error(
      `something already answers on port ${BASE_PORT}, probably the wrangler dev of an interrupted e2e run: ` +
        `find it with \`ss -ltnp | grep ${BASE_PORT}\` and kill its process group`,
    );
  }
  validateFixtures();
  rmSync(PERSIST_DIR, { recursive: true, force: true });
  mkdirSync(PERSIST_DIR, { recursive: true });

  const fakeRazorpay = await startFakeRazorpay();
  project.provide("fakeRazorpayUrl", fakeRazorpay.url);
  const fakeVendors = await startFakePluginVendors();
  project.provide("fakePluginVendorsUrl", fakeVendors.url);

  const started = Date.now();
  // Served exactly as a person serves the demo (README: Quick start), on the suite's own port and state folder.
  const child = spawn(
    "npm",
    [
      ...["start", "--", "--port", String(BASE_PORT), "--persist-to", PERSIST_DIR],
      ...FIXTURE_STORES.flatMap((f) => ["--import", f]),
      ...["--var", `RAZORPAY_API_URL=${fakeRazorpay.url}`],
      // The demo platform key's hash, as in .dev.vars.example, also for a .dev.vars made before it had one (decision 040).
      ...["--var", `PLATFORM_KEY_SHA256=${DEMO_PLATFORM_KEY_SHA256}`],
      ...["--var", `PLUGIN_SCRIPTS_URL=${fakeVendors.url}`],
    ],
    { detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  // The whole log is kept next to the state for post-mortems; failures are also printed at the end.
  const logFile = createWriteStream(`${PERSIST_DIR}/npm-start.log`);
  let log = "";
  const collect = (chunk: Buffer) => {
    log += chunk;
    logFile.write(chunk);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  let exited = false;
  let stopping = false;
  child.on("exit", (code, signal) => {
    exited = true;
    if (!stopping)
      console.error(`[e2e] npm start exited during the run (code ${code}, signal ${signal}); see ${PERSIST_DIR}/npm-start.log`);
  });

  for (;;) {
    try {
      const response = await fetch(healthz);
      if (response.ok && (await response.text()) === "ok") break;
    } catch {
      // not listening yet
    }
    if (exited || Date.now() - started > READY_TIMEOUT_MS) {
      stopProcessGroup(child);
      await fakeRazorpay.close();
      await fakeVendors.close();
      throw new Error(`npm start did not answer ${healthz}${exited ? " (it exited)" : ""}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`[e2e] npm start ready on port ${BASE_PORT} in ${Date.now() - started} ms`);
  project.provide("foodStoreKey", makeStoreKey());

  return async () => {
    stopping = true;
    stopProcessGroup(child);
    if (!exited) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      const timeout = new Promise((resolve) => setTimeout(resolve, 5_000, "timeout"));
      if ((await Promise.race([gone, timeout])) === "timeout") process.kill(-child.pid!, "SIGKILL");
    }
    // Anything the server printed once serving that looks like a failure is worth seeing after the run.
    const serving = log.slice(Math.max(0, log.indexOf("Ready on")));
    const problems = serving.split("\n").filter((line) => !line.startsWith("[wrangler:info]") && /error|✘|uncaught/i.test(line));
    logFile.end();
    await fakeRazorpay.close();
    await fakeVendors.close();
    if (problems.length > 0) console.log(`[e2e] wrangler dev reported:\n${problems.join("\n")}`);
  };
}
