/**
 * npm start [-- --port <n>] [--persist-to <dir>] [--import <store.json> …] [--var NAME=value …]
 *
 * The one way the app is served on this machine, for a person trying the demo and for the browser tests and the
 * benchmark alike: build, copy `.dev.vars.example` to `.dev.vars` when there is none, apply the migrations, import the
 * demo stores (and any `--import` files), then `wrangler dev` on the production build until stopped.
 *
 *   --port <n>          serve on this port instead of 8787 (wrangler.toml [dev])
 *   --persist-to <dir>  keep D1, KV and R2 in <dir> instead of .wrangler/state
 *   --import <file>     also import this store file (repeatable)
 *   --var NAME=value    give the Worker this variable too (repeatable; a line of `.dev.vars` with the name wins)
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const DEMO_STORES = ["stores/food.json", "stores/retail.json", "stores/new.json", "stores/souq.json"];
const bin = (name: string) => join("node_modules", ".bin", name);

const USAGE = "Usage: npm start [-- --port <n>] [--persist-to <dir>] [--import <store.json> …] [--var NAME=value …]";

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: "string" },
        "persist-to": { type: "string" },
        import: { type: "string", multiple: true, default: [] },
        var: { type: "string", multiple: true, default: [] },
        help: { type: "boolean" },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) throw new Error(`--port ${values.port} is not a port`);
    const notVar = values.var.find((v) => !/^[A-Z][A-Z0-9_]*=/.test(v));
    if (notVar !== undefined) throw new Error(`--var ${notVar} is not NAME=value`);
    return values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

/**
 * Every step and the server see NODE_ENV=production: it is the production build that is served, whatever the caller's
 * environment says (vitest, which starts this for the browser tests, sets "test", and Vite would then bundle React's
 * development build for the browser), and `wrangler dev` otherwise defines it as "development" for the Worker.
 */
const env = { ...process.env, NODE_ENV: "production" };

/** Runs one preparation step with its output shown; a failure stops the start with the step's exit code. */
function run(label: string, command: string, args: string[]) {
  console.log(`── ${label}`);
  try {
    execFileSync(command, args, { stdio: "inherit", env });
  } catch (error) {
    console.error(`── ${label} failed`);
    process.exit((error as { status?: number }).status ?? 1);
  }
}

const { port, "persist-to": persistTo, import: extraStores, var: vars } = options();
const persistArgs = persistTo ? ["--persist-to", persistTo] : [];

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("── .dev.vars made from .dev.vars.example (demo values: never use them in production)");
}
run("build", bin("remix"), ["vite:build"]);
run("agents' module", bin("tsx"), ["scripts/build-agent-module.ts"]);
run("desk's module", bin("tsx"), ["scripts/build-desk-module.ts"]);
run("databases", bin("tsx"), ["scripts/migrate.ts", ...persistArgs]);
run("stores", bin("tsx"), ["scripts/store-import.ts", ...DEMO_STORES, ...extraStores, ...persistArgs]);

const varArgs = vars.flatMap((v) => ["--var", v.replace("=", ":")]);
const server: ChildProcess = spawn(bin("wrangler"), ["dev", ...(port ? ["--port", port] : []), ...persistArgs, ...varArgs], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
