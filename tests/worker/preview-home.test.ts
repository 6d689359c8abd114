import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { request } from "./request";
import { setSetting } from "./settings-helpers";
import { fetchWith } from "./worker-with";

/** The owner's preview (issue 25 part 3, decision 044), with the demo store without products. */

const NEW = "new.localhost";
const ADMIN = "https://admin.example.test";

async function setAdminOrigin(value: string | null) {
  const id = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'new'").first<{ id: number }>())!.id;
  await setSetting(id, "adminOrigin", value);
}

describe("the owner's preview", () => {
  it("lets only the store itself and its admin origin frame its pages", async () => {
    await setAdminOrigin(null);
    const plain = await request(NEW, "/");
    expect(plain.headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'self'(;|$)/);
    expect(plain.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    await setAdminOrigin(ADMIN);
    for (const path of ["/", "/search", "/login"]) {
      const response = await request(NEW, path);
      expect(response.headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'self' https:\/\/admin\.example\.test(;|$)/);
      expect(response.headers.get("X-Frame-Options")).toBeNull();
    }
    // Another store keeps its own rule.
    expect((await request("food.localhost", "/")).headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'self'(;|$)/);
  });

  it("outside a frame: the preview home, its admin buttons on the admin origin, else on the store's own desk", async () => {
    await setAdminOrigin(ADMIN);
    const html = await (await request(NEW, "/")).text();
    expect(html).toContain('data-testid="preview-home"');
    expect(html).toContain(`href="${ADMIN}/admin/catalog/products/add"`);
    expect(html).toContain(`href="${ADMIN}/admin/design/themes"`);
    // No link of the preview goes to a page of the store that does not exist (the samples have none).
    expect(html).not.toMatch(/href="\/(category|product)\/sample/);
    expect(html).not.toMatch(/href="\/admin\//);
    await setAdminOrigin(null);
    const without = await (await request(NEW, "/")).text();
    expect(without).toContain('data-testid="preview-home"');
    // No other admin named: the buttons, and the samples' 'Add to Cart', lead to the desk's catalogue page (decision 083).
    expect(without).toMatch(/<a href="\/admin\/catalogue#products" class="btn-brand">Add Product<\/a>/);
    expect(without).toMatch(/<a href="\/admin\/catalogue#theme" class="btn-outline">Customize theme<\/a>/);
    expect(without.match(/href="\/admin\/catalogue#products"/g)).toHaveLength(6);
    expect(without).not.toMatch(/<button[^>]*disabled/);
    expect(without).not.toContain(ADMIN);
    const desk = await request(NEW, "/admin/catalogue");
    expect(desk.headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fcatalogue");
  });

  it("in a frame (Sec-Fetch-Dest: iframe): the real home, never the preview; the page cache keeps the two apart", async () => {
    await setAdminOrigin(ADMIN);
    const framed = await request(NEW, "/", { headers: { "Sec-Fetch-Dest": "iframe" } });
    expect(framed.status).toBe(200);
    expect(framed.headers.get("Vary")).toContain("Sec-Fetch-Dest");
    const html = await framed.text();
    expect(html).toContain('data-testid="home"');
    expect(html).not.toContain('data-testid="preview-home"');
    expect(await (await request(NEW, "/")).text()).toContain('data-testid="preview-home"');
    expect(await (await request(NEW, "/", { headers: { "Sec-Fetch-Dest": "iframe" } })).text()).not.toContain("preview-home");
  });

  it("an unserviceable visitor gets the unserviceable screen, not the preview (the check comes first)", async () => {
    // The food store as if it had no products yet, and a tester standing in Delhi, where none of its branches delivers.
    const food = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'food'").first<{ id: number }>())!.id;
    await env.DB.prepare("DELETE FROM site_settings WHERE tenant_id = ?1 AND key = 'addedProduct'").bind(food).run();
    await env.DB.prepare("UPDATE cache_markers SET version = version + 1 WHERE tenant_id = ?1").bind(food).run();
    await env.KV.delete("host:food.localhost");
    const far = new Request("http://food.localhost/", { headers: { Cookie: "dev_position=28.6139,77.2090" } });
    const response = await fetchWith(far, { DEV_TOOLS: "1" });
    const html = await response.text();
    expect(html).toContain("Sorry! We don&#x27;t deliver here");
    expect(html).not.toContain('data-testid="preview-home"');
    // Where a branch delivers, the same store shows the preview.
    expect(await (await request("food.localhost", "/")).text()).toContain('data-testid="preview-home"');
  });
});

describe("the preview's sample pictures", () => {
  it("are the page's language's, whose words are drawn in them", async () => {
    const id = (await env.DB.prepare("SELECT id FROM tenants WHERE slug = 'new'").first<{ id: number }>())!.id;
    await setSetting(id, "languages", "de,hi");
    try {
      const english = await (await request(NEW, "/")).text();
      expect(english).toContain('data-testid="preview-home"');
      expect(english).toMatch(/src="[^"]*\/demo\/preview\/banner-1\.svg/);
      expect(english).toMatch(/src="[^"]*\/demo\/preview\/category-1\.svg/);
      expect(english).toMatch(/src="[^"]*\/demo\/preview\/product-1\.svg/);
      const german = await (await request(NEW, "/de")).text();
      expect(german).toContain('data-testid="preview-home"');
      for (const name of ["banner-1", "category-1", "product-1"])
        expect(german).toMatch(new RegExp(`src="[^"]*/demo/preview/de/${name}\\.svg`));
      expect(german).not.toMatch(/src="[^"]*\/demo\/preview\/(banner|category|product)-\d\.svg/);
      expect(await (await request(NEW, "/hi")).text()).toMatch(/src="[^"]*\/demo\/preview\/hi\/category-1\.svg/);
    } finally {
      await setSetting(id, "languages", null);
    }
  });
});
