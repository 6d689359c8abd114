import { readFileSync } from "node:fs";

/**
 * The variables of `.dev.vars.example` as `wrangler dev --var NAME:VALUE` arguments, for the servers the tests and the
 * benchmark start: a fresh checkout has no `.dev.vars`, and a developer's own must not change what they measure.
 */
export function exampleVarArgs(file = ".dev.vars.example"): string[] {
  const args: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) args.push("--var", `${match[1]}:${match[2]}`);
  }
  return args;
}
