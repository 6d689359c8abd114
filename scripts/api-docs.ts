import { readFileSync, writeFileSync } from "node:fs";
import { api } from "../worker/api";
import { errorAnswer } from "./api-docs/answers";
import { renderApiDocs } from "./api-docs/render";

/** Writes docs/api.md from the API's route table and schemas; `--check` only says whether it is up to date. */
const FILE = "docs/api.md";
const text = renderApiDocs(api.routes, errorAnswer);
if (process.argv.includes("--check")) {
  if (readFileSync(FILE, "utf8") !== text) {
    console.error(`${FILE} is out of date: run \`npm run docs:api\``);
    process.exit(1);
  }
} else {
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE}`);
}
