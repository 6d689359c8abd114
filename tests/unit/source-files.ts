import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Every file under `dir` whose name matches `names` (TypeScript and TSX by default), for the checks that read the code. */
export function sourceFiles(dir: string, names = /\.(ts|tsx)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, names);
    return names.test(entry.name) ? [path] : [];
  });
}
