import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, createWriteStream, existsSync, readFileSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { exampleVarArgs } from "../../scripts/dev-vars";
import { storeFileSchema } from "../../worker/store-import/store-file-schema";
import { BASE_PORT, BUILD_SNAPSHOT_DIR, PERSIST_DIR } from "./helpers";

/** Store files imported for the run: the three demo stores plus the test-only fixtures. */
const STORE_FILES = [
  "stores/food.json",
  "stores/retail.json",
  "stores/new.json",
  "tests/fixtures/closed-store.json",
  "tests/fixtures/hostile-html-store.json",
  "tests/fixtures/yellow-store.json",
  "tests/fixtures/white-store.json",
  "tests/fixtures/connectivity-store.json",
];
const READY_TIMEOUT_MS = 60_000;

/** The environment scripts/offline-env.sh sets up (no telemetry, no update checks, no cf.json fetch). */
function offlineEnv(): NodeJS.ProcessEnv {
  const dump = execFileSync("bash", ["-c", ". ./scripts/offline-env.sh && env -0"], { encoding: "utf8" });
  // Starts from this process's variables (the dump holds them too), which also gives it ProcessEnv's declared keys.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const entry of dump.split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { ...env, CI: "true" };
}

function run(env: NodeJS.ProcessEnv, command: string, args: string[]) {
  try {
    execFileSync(command, args, { env, stdio: "pipe", encoding: "utf8" });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${e.stdout ?? ""}\n${e.stderr ?? ""}\n${e.message}`);
  }
}

/** The fixtures are hand-written; check them against the import schema so a typo fails with a clear message. */
function validateFixtures() {
  for (const file of STORE_FILES.filter((f) => f.startsWith("tests/fixtures/"))) {
    const result = storeFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!result.success) {
      const issues = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
      throw new Error(`${file} is not a valid store file:\n${issues}`);
    }
  }
}

/**
 * Copies the current build into a private directory, with the Worker bundled exactly as `wrangler deploy`
 * would (build/server included). Another developer's `npm run build` empties build/ while it runs; a
 * `wrangler dev` serving build/ directly then dies with "ENOENT … scandir build/client" mid-run.
 */
async function snapshotBuild(env: NodeJS.ProcessEnv) {
  for (let attempt = 1; ; attempt++) {
    if (!existsSync("build/client") || !existsSync("build/server")) {
      if (attempt === 3) throw new Error("build/ is missing: run `npm run build` before `npm run test:e2e`");
    } else {
      rmSync(BUILD_SNAPSHOT_DIR, { recursive: true, force: true });
      cpSync("build/client", `${BUILD_SNAPSHOT_DIR}/client`, { recursive: true });
      run(env, "node_modules/.bin/wrangler", ["deploy", "--dry-run", "--outdir", `${BUILD_SNAPSHOT_DIR}/worker`]);
      // The server build and the client assets must come from the same build.
      const bundle = readFileSync(`${BUILD_SNAPSHOT_DIR}/worker/index.js`, "utf8");
      // The Remix manifest in the server build names the client's manifest and entry modules.
      const assets = new Set(bundle.match(/\/assets\/(?:manifest|entry\.client)-[\w-]+\.js/g) ?? []);
      const missing = [...assets].filter((asset) => !existsSync(`${BUILD_SNAPSHOT_DIR}/client${asset}`));
      if (assets.size > 0 && missing.length === 0) return;
      if (attempt === 3) throw new Error(`build/ changed while it was copied (missing ${missing.join(", ") || "every asset"}); rerun`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

function stopProcessGroup(child: ChildProcess) {
  try {
    // wrangler runs workerd as a grandchild; killing only the npx/node PID would leave the port taken.
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The food store owner's API key (scripts/store-api-key.ts), for tests that act as the store. */
    foodStoreKey: string;
  }
}

/** Makes the food store's API key the way an owner does (`npm run store:api-key`), and answers the key it printed. */
function makeStoreKey(env: NodeJS.ProcessEnv): string {
  const output = execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/store-api-key.ts", "--store", "food", "--label", "e2e", "--persist-to", PERSIST_DIR],
    {
      env,
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
  const env = offlineEnv();
  validateFixtures();
  rmSync(PERSIST_DIR, { recursive: true, force: true });
  run(env, "node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST_DIR]);
  run(env, "node_modules/.bin/tsx", ["scripts/store-import.ts", ...STORE_FILES, "--persist-to", PERSIST_DIR]);
  project.provide("foodStoreKey", makeStoreKey(env));

  await snapshotBuild(env);

  const started = Date.now();
  // The bundled snapshot lies inside the project, so wrangler still finds wrangler.toml (bindings,
  // compatibility date) by walking up from it; the script and --assets replace `main` and assets.directory.
  const child = spawn(
    "node_modules/.bin/wrangler",
    [
      "dev",
      `${BUILD_SNAPSHOT_DIR}/worker/index.js`,
      "--no-bundle",
      "--assets",
      `${BUILD_SNAPSHOT_DIR}/client`,
      "--ip",
      "127.0.0.1",
      "--port",
      String(BASE_PORT),
      "--persist-to",
      PERSIST_DIR,
      "--show-interactive-dev-session=false",
      ...exampleVarArgs(),
    ],
    { env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  // The whole log is kept next to the state for post-mortems; failures are also printed at the end.
  const logFile = createWriteStream(`${PERSIST_DIR}/wrangler-dev.log`);
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
      console.error(`[e2e] wrangler dev exited during the run (code ${code}, signal ${signal}); see ${PERSIST_DIR}/wrangler-dev.log`);
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
      throw new Error(`wrangler dev did not answer ${healthz}${exited ? " (it exited)" : ""}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`[e2e] wrangler dev ready on port ${BASE_PORT} in ${Date.now() - started} ms`);

  return async () => {
    stopping = true;
    stopProcessGroup(child);
    if (!exited) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      const timeout = new Promise((resolve) => setTimeout(resolve, 5_000, "timeout"));
      if ((await Promise.race([gone, timeout])) === "timeout") process.kill(-child.pid!, "SIGKILL");
    }
    // Anything wrangler printed that looks like a failure is worth seeing after the run.
    const problems = log.split("\n").filter((line) => !line.startsWith("[wrangler:info]") && /error|✘|uncaught/i.test(line));
    logFile.end();
    if (problems.length > 0) console.log(`[e2e] wrangler dev reported:\n${problems.join("\n")}`);
  };
}
