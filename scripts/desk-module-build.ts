import { relative } from "node:path";
import { type Node, parse } from "acorn";
import { build, type Plugin, transform } from "esbuild";

/**
 * The desk's module (decision 092): the desk's own code, bundled apart from the Worker's script, with every module it
 * takes from outside its folders linked to the Worker's own copy instead of bundled again. Two copies of a module that
 * keeps state (the database's session gate, the work queued after the answer, the catalogues) would each keep their
 * own; linked, there is one. Also writes the Worker's side of the link (worker/desk-link.ts), which names exactly the
 * bindings the module takes, so the Worker's bundler keeps those and shakes the rest as before.
 */

export const DESK_ENTRY = "worker/desk/desk-module.ts";
export const DESK_MODULE_FILE = "worker/lazy/desk-module.mjs";
export const DESK_LINK_FILE = "worker/desk-link.ts";
/** The desk's own folders: bundled into the module. Everything else it imports is linked. */
const OWN_FOLDERS = ["worker/desk/", "commerce/desk/"];
/** The module's name for the link the Worker leaves on globalThis (worker/desk-module.ts): no bundle names its own so. */
const LINK = "__deskLink";

/** A linked module, by its key (a package's specifier, or a file's path from the root without its extension). */
type Links = Map<string, Set<string>>;

const fromRoot = (file: string): string => relative(process.cwd(), file).replaceAll("\\", "/");

/** A file's key: its path without the extension, and a folder's face (`worker/orders/index`) as the folder. */
const fileKey = (file: string): string =>
  fromRoot(file)
    .replace(/\.(tsx?|mjs|js)$/, "")
    .replace(/\/index$/, "");

/** Bundles the desk's own folders, leaving every other import as an import of its key. */
const linkTheRest: Plugin = {
  name: "link-the-rest",
  setup(bundler) {
    bundler.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === "entry-point" || args.pluginData === "resolving") return undefined;
      if (!args.path.startsWith(".")) return { path: args.path, external: true };
      const found = await bundler.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: "resolving" });
      if (found.errors.length > 0) return { errors: found.errors };
      if (OWN_FOLDERS.some((folder) => fromRoot(found.path).startsWith(folder))) return { path: found.path };
      return { path: fileKey(found.path), external: true };
    });
  },
};

interface ImportNode extends Node {
  source: { value: string };
  specifiers: { type: string; local: { name: string }; imported?: { name?: string; value?: string } }[];
}

/** Every node below `node`, depth first. */
function* nodesOf(node: unknown): Generator<Node & Record<string, unknown>> {
  if (Array.isArray(node)) {
    for (const item of node) yield* nodesOf(item);
  } else if (node && typeof node === "object" && typeof (node as Node).type === "string") {
    yield node as Node & Record<string, unknown>;
    for (const value of Object.values(node)) if (value && typeof value === "object") yield* nodesOf(value);
  }
}

/** The members read of a namespace import (`z.object`); any other use of it could need every member, so it is refused. */
function namespaceMembers(program: Node, local: string, key: string): string[] {
  const members = new Set<string>();
  let memberReads = 0;
  let references = 0;
  for (const node of nodesOf(program)) {
    if (node.type === "Identifier" && node.name === local) references += 1;
    const object = node.object as { type?: string; name?: string } | undefined;
    const property = node.property as { type?: string; name?: string } | undefined;
    if (node.type === "MemberExpression" && !node.computed && object?.type === "Identifier" && object.name === local) {
      memberReads += 1;
      members.add(property!.name!);
    }
  }
  // One reference is the import's own name.
  if (references - 1 !== memberReads) throw new Error(`the desk uses ${key} as a whole: import the names it needs`);
  return [...members];
}

/** Replaces the bundle's imports with reads of the Worker's link, and says which names of which module it reads. */
export function linkImports(code: string): { code: string; links: Links } {
  const program = parse(code, { ecmaVersion: "latest", sourceType: "module" });
  const links: Links = new Map();
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of (program as unknown as { body: Node[] }).body) {
    if (statement.type !== "ImportDeclaration") continue;
    const { source, specifiers } = statement as ImportNode;
    const key = source.value;
    const names = links.get(key) ?? new Set<string>();
    links.set(key, names);
    const bindings: string[] = [];
    let text = "";
    for (const specifier of specifiers) {
      if (specifier.type === "ImportNamespaceSpecifier") {
        for (const member of namespaceMembers(program, specifier.local.name, key)) names.add(member);
        text += `const ${specifier.local.name} = ${LINK}[${JSON.stringify(key)}];\n`;
        continue;
      }
      const imported = specifier.type === "ImportDefaultSpecifier" ? "default" : (specifier.imported!.name ?? specifier.imported!.value!);
      names.add(imported);
      bindings.push(`${JSON.stringify(imported)}: ${specifier.local.name}`);
    }
    if (bindings.length > 0) text += `const { ${bindings.join(", ")} } = ${LINK}[${JSON.stringify(key)}];\n`;
    edits.push({ start: statement.start, end: statement.end, text });
  }
  let linked = code;
  for (const edit of edits.reverse()) linked = linked.slice(0, edit.start) + edit.text + linked.slice(edit.end);
  if (new RegExp(`\\b${LINK}\\b`).test(code)) throw new Error(`the desk's code names ${LINK}, the link's name in its module`);
  const guard = [
    `const ${LINK} = globalThis[Symbol.for("storefront.desk-link")];`,
    `if (!${LINK}) throw new Error("the desk's module needs the Worker's link (worker/desk-module.ts)");\n`,
  ].join("\n");
  return { code: guard + linked, links };
}

/** The Worker's side of the link: each module the desk reads, and of it only the names it reads. */
function linkSource(links: Links): string {
  const keys = [...links.keys()].filter((key) => links.get(key)!.size > 0).sort();
  // A file's key starts with its top folder; any other key is a package's specifier.
  const specifier = (key: string) => (/^(worker|commerce|web|app)\//.test(key) ? relativeToWorker(key) : key);
  const imports = keys.map((key, i) => `import * as l${i} from "${specifier(key)}";`);
  const entries = keys.map((key, i) => {
    const members = [...links.get(key)!]
      .sort()
      .map((name) =>
        /^[A-Za-z_$][\w$]*$/.test(name) ? `${name}: l${i}.${name}` : `${JSON.stringify(name)}: l${i}[${JSON.stringify(name)}]`,
      );
    const line = `  ${JSON.stringify(key)}: { ${members.join(", ")} },`;
    return line.length <= 140 ? line : `  ${JSON.stringify(key)}: {\n${members.map((member) => `    ${member},`).join("\n")}\n  },`;
  });
  return [
    "// Written by scripts/build-desk-module.ts from what the desk's module imports (decision 092): do not edit.",
    ...imports,
    "",
    "/** Where the Worker leaves the link for the desk's module to read as it is evaluated. */",
    'export const DESK_LINK_KEY = Symbol.for("storefront.desk-link");',
    "",
    "/** What the desk's module takes from the Worker: by module, the bindings it would otherwise have bundled again. */",
    "export const DESK_LINK = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

function relativeToWorker(key: string): string {
  return key.startsWith("worker/") ? `./${key.slice("worker/".length)}` : `../${key}`;
}

/** The desk's module, minified, the Worker's side of its link, and the files bundled into the module. */
export async function buildDeskModule(): Promise<{ module: string; link: string; bundled: string[] }> {
  const bundled = await build({
    entryPoints: [DESK_ENTRY],
    bundle: true,
    write: false,
    outfile: "desk-module.mjs",
    format: "esm",
    platform: "neutral",
    target: "es2022",
    jsx: "automatic",
    plugins: [linkTheRest],
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  });
  const { code, links } = linkImports(bundled.outputFiles[0]!.text);
  const minified = await transform(code, { minify: true, format: "esm", target: "es2022", legalComments: "none" });
  const bundledFiles = Object.keys(bundled.metafile.inputs).map(fromRoot);
  return { module: minified.code, link: linkSource(links), bundled: bundledFiles };
}
