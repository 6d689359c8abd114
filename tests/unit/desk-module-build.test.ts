import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildDeskModule, DESK_LINK_FILE, linkImports } from "../../scripts/desk-module-build";

// Decision 092: the desk's module bundles the desk's own code and reads everything else from the Worker's link.
describe("the desk's module", () => {
  it("reads each import from the Worker's link, and names exactly what it reads", () => {
    const { code, links } = linkImports(
      'import { a as b, c } from "worker/x";\nimport d from "react";\nimport * as z from "commerce/zod";\nconsole.log(b, c, d, z.object(), z.string);\n',
    );
    expect(code).toContain('const { "a": b, "c": c } = __deskLink["worker/x"];');
    expect(code).toContain('const { "default": d } = __deskLink["react"];');
    expect(code).toContain('const z = __deskLink["commerce/zod"];');
    expect(code).not.toMatch(/^import /m);
    expect(Object.fromEntries([...links].map(([key, names]) => [key, [...names].sort()]))).toEqual({
      "worker/x": ["a", "c"],
      react: ["default"],
      "commerce/zod": ["object", "string"],
    });
  });

  it("refuses a namespace used as a whole, and code that names the link's own name", () => {
    expect(() => linkImports('import * as z from "commerce/zod";\nconsole.log(z);\n')).toThrow(/uses commerce\/zod as a whole/);
    expect(() => linkImports('import * as z from "commerce/zod";\nconst y = z;\nconsole.log(y.a, z.b);\n')).toThrow(/as a whole/);
    expect(() => linkImports("const __deskLink = 1;\n")).toThrow(/names __deskLink/);
  });

  it("bundles only the desk's own folders, and the Worker's side of the link is the one committed", async () => {
    const { module, link, bundled } = await buildDeskModule();
    expect(bundled.length).toBeGreaterThan(10);
    expect(bundled.filter((file) => !/^(worker\/desk|commerce\/desk)\//.test(file))).toEqual([]);
    // The domain functions, the after-answer queue and React are the Worker's, never a copy of them.
    expect(link).toContain('"worker/order-life": { transitionForStore');
    expect(link).toContain('"worker/after-answer"');
    expect(link).toContain('"react-dom/server"');
    expect(readFileSync(DESK_LINK_FILE, "utf8")).toBe(link);
    expect(module).toContain("desk.nav_orders");
  });

  it("will not run without the Worker's link", async () => {
    const { module } = await buildDeskModule();
    const url = `data:text/javascript;base64,${Buffer.from(module).toString("base64")}`;
    await expect(import(/* @vite-ignore */ url)).rejects.toThrow("the desk's module needs the Worker's link");
  });
});
