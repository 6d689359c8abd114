/**
 * Finds the Chromium the browser tests drive, so that `npm ci && npm test` needs nothing installed by hand.
 * In this order:
 *   1. $CHROMIUM_PATH, if set (it must be an executable file, or the run stops here);
 *   2. Debian's /usr/bin/chromium;
 *   3. a Chromium in Playwright's cache ($PLAYWRIGHT_BROWSERS_PATH or ~/.cache/ms-playwright), full or headless shell;
 *   4. the Chromium headless shell that the devDependency @sparticuz/chromium ships inside its npm package,
 *      unpacked into .cache/chromium/<version> on first use and reused after (with the NSS/NSPR/expat libraries
 *      and the Open Sans fonts that the package also ships, so a bare Debian needs no system library beyond glibc);
 *   5. as a last resort, as root where apt-get exists: `apt-get install chromium`.
 *
 * `npx tsx tests/e2e/browser.ts` (scripts/test.sh, before the browser step) prints one line saying which, and
 * exits 1 with the reason when there is none; `launch()` in helpers.ts calls `findBrowser()` again, which then
 * finds the same browser at once.
 */
import { spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";

export const BROWSER_ENV_VAR = "CHROMIUM_PATH";
const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const NPM_CHROMIUM = "@sparticuz/chromium";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where the npm-shipped Chromium is unpacked, one folder per package version. */
const UNPACK_DIR = join(ROOT, ".cache", "chromium");

export interface FoundBrowser {
  executablePath: string;
  /** Variables the browser needs on top of the test's environment (shared libraries, fonts). */
  env: Record<string, string>;
  /** What was done, for the one line: "using /usr/bin/chromium", "unpacking … in 1.4 s". */
  description: string;
  /** This call unpacked or installed it (the next one will only find it). */
  prepared?: boolean;
  /** Already said (before a slow install). */
  announced?: boolean;
}

export class NoBrowserError extends Error {}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * What the binary says its version is, or undefined when it does not start at all (a Playwright download on a
 * machine without the shared libraries it needs, say).
 */
function versionOf(path: string, env: Record<string, string> = {}): string | undefined {
  const result = spawnSync(path, ["--version"], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 15_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function fromEnvironment(): FoundBrowser | undefined {
  const path = process.env[BROWSER_ENV_VAR];
  if (!path) return undefined;
  if (!isExecutableFile(path)) {
    throw new NoBrowserError(`${BROWSER_ENV_VAR}=${path} is not an executable file: point it at a Chromium or Chrome binary, or unset it`);
  }
  return { executablePath: path, env: {}, description: `using ${path} (from ${BROWSER_ENV_VAR})` };
}

function fromDebian(): FoundBrowser | undefined {
  if (!isExecutableFile(DEBIAN_CHROMIUM)) return undefined;
  return { executablePath: DEBIAN_CHROMIUM, env: {}, description: `using ${DEBIAN_CHROMIUM}` };
}

/** Playwright's own downloads: chromium-<rev>/chrome-linux*\/chrome and chromium_headless_shell-<rev>/…, newest first. */
function fromPlaywrightCache(): FoundBrowser | undefined {
  const setting = process.env.PLAYWRIGHT_BROWSERS_PATH;
  const cache =
    setting === "0"
      ? join(ROOT, "node_modules", "playwright-core", ".local-browsers")
      : setting || join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "ms-playwright");
  let entries: string[];
  try {
    entries = readdirSync(cache);
  } catch {
    return undefined;
  }
  const candidates: { path: string; revision: number; shell: boolean }[] = [];
  for (const entry of entries) {
    const match = /^(chromium|chromium_headless_shell)-(\d+)$/.exec(entry);
    if (!match) continue;
    const shell = match[1] === "chromium_headless_shell";
    let platforms: string[];
    try {
      platforms = readdirSync(join(cache, entry)).filter(
        (d) => d.startsWith("chrome-linux") || d.startsWith("chrome-headless-shell-linux"),
      );
    } catch {
      continue;
    }
    for (const platform of platforms) {
      for (const binary of shell ? ["chrome-headless-shell", "headless_shell"] : ["chrome"]) {
        const path = join(cache, entry, platform, binary);
        if (isExecutableFile(path)) candidates.push({ path, revision: Number(match[2]), shell });
      }
    }
  }
  candidates.sort((a, b) => b.revision - a.revision || Number(a.shell) - Number(b.shell));
  const usable = candidates.find((c) => versionOf(c.path) !== undefined);
  return usable && { executablePath: usable.path, env: {}, description: `using ${usable.path} (Playwright's cache)` };
}

/** The fonts the package ships (Open Sans) first, then whatever the system has; the cache stays in the folder. */
function fontsConf(dir: string): string {
  const dirs = [join(dir, "fonts", "fonts"), "/usr/share/fonts", "/usr/local/share/fonts"];
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    "<fontconfig>",
    ...dirs.map((d) => `  <dir>${d}</dir>`),
    `  <cachedir>${join(dir, "fontconfig-cache")}</cachedir>`,
    "</fontconfig>",
    "",
  ].join("\n");
}

async function fromNpmPackage(): Promise<FoundBrowser | undefined> {
  if (process.platform !== "linux" || process.arch !== "x64") return undefined; // the package ships a Linux x64 binary only
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(NPM_CHROMIUM);
  } catch {
    return undefined; // not installed (npm ci installs it: it is a devDependency)
  }
  const packageDir = dirname(dirname(entry));
  const version: string = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version;
  const dir = join(UNPACK_DIR, version);
  const executablePath = join(dir, "chromium");
  // The package's NSS, NSPR and expat (built for Amazon Linux 2023, needing only glibc and libgcc), and its fonts.
  const env = { LD_LIBRARY_PATH: join(dir, "al2023", "lib"), FONTCONFIG_PATH: dir };
  const name = `${NPM_CHROMIUM} ${version}`;
  const where = relative(process.cwd(), dir) || dir;

  if (existsSync(executablePath)) {
    return { executablePath, env, description: `using ${name}, unpacked in ${where}` };
  }

  const started = Date.now();
  // Unpack next to the final folder and rename it into place, so an interrupted run leaves nothing half-done.
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const { inflate } = (await import(pathToFileURL(entry).href)) as typeof import("@sparticuz/chromium");
  // The package unpacks into os.tmpdir(), which reads $TMPDIR; each inflate() settles its output path at once.
  const savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  let unpacking: Promise<string[]>;
  try {
    // chromium.br → chromium; swiftshader.tar.br → libGLESv2.so etc. beside it; fonts.tar.br → fonts/; al2023.tar.br → al2023/lib/.
    unpacking = Promise.all(
      ["chromium.br", "swiftshader.tar.br", "fonts.tar.br", "al2023.tar.br"].map((f) => inflate(join(packageDir, "bin", f))),
    );
  } finally {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
  }
  await unpacking;
  writeFileSync(join(partial, "fonts.conf"), fontsConf(dir));
  const chromiumVersion = versionOf(join(partial, "chromium"), { ...env, LD_LIBRARY_PATH: join(partial, "al2023", "lib") });
  if (chromiumVersion === undefined) {
    rmSync(partial, { recursive: true, force: true });
    return undefined;
  }
  // Older versions' folders, and those that interrupted runs left half-unpacked, are 200 MB each.
  for (const old of existsSync(UNPACK_DIR) ? readdirSync(UNPACK_DIR) : []) {
    const pid = /\.partial-(\d+)$/.exec(old)?.[1];
    if (pid ? !isRunning(Number(pid)) : old !== version) rmSync(join(UNPACK_DIR, old), { recursive: true, force: true });
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(executablePath)) throw error; // else another run unpacked it at the same time
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { executablePath, env, prepared: true, description: `unpacked ${name} (${chromiumVersion}) into ${where} in ${seconds} s` };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function fromApt(announce: (line: string) => void): FoundBrowser | undefined {
  if (process.getuid?.() !== 0 || spawnSync("apt-get", ["--version"]).status !== 0) return undefined;
  announce(`installing Debian's chromium with apt-get (none found, and ${NPM_CHROMIUM} is missing or does not run here)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", args, { env, encoding: "utf8" });
    if (result.status !== 0) throw new NoBrowserError(`apt-get ${args.join(" ")} failed:\n${result.stderr}`);
  }
  const installed = fromDebian();
  return installed && { ...installed, prepared: true, announced: true };
}

/**
 * The browser to test with. `announce` hears the one line about it (before apt-get, which is slow, rather
 * than after). Throws NoBrowserError, saying what was tried, when there is none.
 */
export async function findBrowser(announce: (line: string) => void = () => undefined): Promise<FoundBrowser> {
  const found = fromEnvironment() ?? fromDebian() ?? fromPlaywrightCache() ?? (await fromNpmPackage()) ?? fromApt(announce);
  if (!found) {
    throw new NoBrowserError(
      `no Chromium for the browser tests: ${BROWSER_ENV_VAR} is unset, there is no ${DEBIAN_CHROMIUM} and no usable one in ` +
        `Playwright's cache, ${NPM_CHROMIUM} is not installed or does not run here (run \`npm ci\`; it ships Linux x64 only), ` +
        `and apt-get cannot be used (needs root). Install Chromium (\`apt-get install chromium\`) or set ${BROWSER_ENV_VAR}.`,
    );
  }
  if (!found.announced) announce(found.description);
  return found;
}

/**
 * That browser launched headless with the flags every run on these machines uses, its crash reports and dconf files
 * kept out of $HOME. Used by the browser tests and the benchmark's LCP step.
 */
export async function launchChromium(announce: (line: string) => void = () => undefined): Promise<Browser> {
  const found = await findBrowser();
  // Normally scripts/test.sh has found (and if need be unpacked) it already; say so when this run had to.
  if (found.prepared) announce(found.description);
  const home = join(ROOT, ".chromium-home");
  return chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    env: { ...process.env, ...found.env, XDG_CONFIG_HOME: join(home, "config"), XDG_CACHE_HOME: join(home, "cache") },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

// `npx tsx tests/e2e/browser.ts`: find (and if need be unpack or install) the browser, and say which in one line.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  findBrowser((line) => console.log(`── browser: ${line}`)).catch((error: unknown) => {
    console.error(`── browser: ${error instanceof NoBrowserError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
