import { existsSync, readFileSync } from "node:fs";

/**
 * A variable as `wrangler dev` gives it to the Worker: the environment, else `.dev.vars`, else `.dev.vars.example`
 * (which `npm start` copies to `.dev.vars`, possibly after a first import). Only `NAME=value` lines are read.
 */
export function devVar(name: string): string | undefined {
  if (process.env[name]) return process.env[name];
  for (const file of [".dev.vars", ".dev.vars.example"]) {
    if (!existsSync(file)) continue;
    const line = readFileSync(file, "utf8")
      .split(/\r?\n/)
      .find((l) => l.startsWith(`${name}=`));
    if (line !== undefined) return line.slice(name.length + 1).replace(/^"(.*)"$/, "$1");
  }
  return undefined;
}
