/**
 * npx tsx scripts/bench/hot.ts <dir>/<target>.cpuprofile [n]
 *
 * A profile kept by `BENCH_PROFILE_DIR=<dir> npm run bench`, split by original source with the Worker script's map the
 * bench keeps beside it (<dir>/index.js.map): the parts, then the `n` (20) hottest source functions by self time and
 * by total time, and the hottest files. Times are ms in the whole profile (the bench's table divides by responses).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { attribute, type FunctionTime, PARTS } from "./attribution";
import { columns } from "./columns";
import { SAMPLING_INTERVAL_US } from "./inspector";
import { profileCpu } from "./profile";
import { locatorFromFile } from "./source-map";

const [profilePath, count] = process.argv.slice(2);
if (!profilePath) {
  console.error("Usage: npx tsx scripts/bench/hot.ts <dir>/<target>.cpuprofile [n]");
  process.exit(2);
}
const n = Number(count ?? 20);
const profile = JSON.parse(readFileSync(profilePath, "utf8"));
const cpu = profileCpu(profile, SAMPLING_INTERVAL_US);
const split = attribute(profile, locatorFromFile(join(dirname(profilePath), "index.js.map"), process.cwd()), cpu.periodUs);
const ms = (x: number) => x.toFixed(1);
const total = PARTS.reduce((sum, part) => sum + split.partMs[part], 0);
console.log(`${profilePath}: ${ms(total)} ms of CPU in ${split.samples} samples of ${cpu.periodUs} µs`);
console.log(PARTS.map((part) => `${part} ${ms(split.partMs[part])} ms (${((100 * split.partMs[part]) / total).toFixed(0)}%)`).join(", "));
const table = (list: FunctionTime[]) =>
  columns(
    ["function", "where", "part", "self ms", "total ms"],
    list.slice(0, n).map((f) => [f.name, f.where, f.part ?? "—", ms(f.selfMs), ms(f.totalMs)]),
    3,
    "  ",
  );
console.log("\nBy self time:");
console.log(table([...split.functions].sort((a, b) => b.selfMs - a.selfMs)));
console.log("\nBy total time:");
console.log(table(split.functions));
console.log("\nFiles by self time:");
console.log(
  columns(
    ["file", "part", "self ms", "total ms"],
    [...split.files]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, n)
      .map((f) => [f.source, f.part ?? "—", ms(f.selfMs), ms(f.totalMs)]),
    2,
    "  ",
  ),
);
