// `npm run i18n`: compiles locales/ into commerce/i18n/compiled/ (scripts/i18n/compile-catalogues.ts), or says what is
// missing or wrong in a language's catalogue and writes nothing. The folder is written whole, so an area or language
// that is gone leaves no module behind.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { COMPILED_DIR, compileCatalogues } from "./i18n/compile-catalogues";

const root = join(import.meta.dirname, "..");
const { files, problems } = compileCatalogues(root);
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
rmSync(join(root, COMPILED_DIR), { recursive: true, force: true });
for (const [path, contents] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), contents);
}
console.log(`wrote ${files.size} files in ${COMPILED_DIR}`);
