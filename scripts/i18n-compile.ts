// `npm run i18n`: compiles locales/ into commerce/i18n/compiled/ (scripts/i18n/compile-catalogues.ts), or says what is
// missing or wrong in a language's catalogue and writes nothing.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileCatalogues } from "./i18n/compile-catalogues";

const root = join(import.meta.dirname, "..");
const { files, problems } = compileCatalogues(root);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
for (const [path, contents] of files) writeFileSync(join(root, path), contents);
console.log(`wrote ${[...files.keys()].join(", ")}`);
