/**
 * npm run types            writes worker-configuration.d.ts: the Worker's bindings as `wrangler types` sees them
 * npm run types -- --check fails when that file is not what wrangler.toml gives now (part of `npm run typecheck`)
 *
 * Both run `wrangler types --env-file /dev/null`: without an env file wrangler also declares every name in the
 * machine's own `.dev.vars` as a secret, so the file would differ from one machine to the next. Secrets and settings
 * are declared in worker/env.ts instead (decision 034). `wrangler types --check` cannot be used: it regenerates
 * without the `--env-file` it was given and reads `.dev.vars` again (wrangler 4.86), so the check writes a scratch
 * file beside the real one (the file's imports are relative to where it lies) and compares.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const TYPES_FILE = "worker-configuration.d.ts";
const SCRATCH_FILE = ".worker-configuration.check.d.ts";
const ARGS = ["types", "--include-runtime", "false", "--env-file", "/dev/null"];
const wrangler = join("node_modules", ".bin", "wrangler");

function generate(path?: string) {
  execFileSync(wrangler, path ? [ARGS[0]!, path, ...ARGS.slice(1)] : ARGS, { stdio: "pipe", encoding: "utf8" });
}

/** The header names the command that wrote the file; a scratch path in it is not a difference. */
const withoutPath = (text: string, path: string) => text.replace(` ${path} `, " ");

if (process.argv.includes("--check")) {
  try {
    generate(SCRATCH_FILE);
    const fresh = withoutPath(readFileSync(SCRATCH_FILE, "utf8"), SCRATCH_FILE);
    if (fresh !== readFileSync(TYPES_FILE, "utf8")) {
      console.error(`${TYPES_FILE} is out of date with wrangler.toml: run \`npm run types\` and commit it.`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(SCRATCH_FILE, { force: true });
  }
} else {
  generate();
  console.log(`Wrote ${TYPES_FILE}.`);
}
