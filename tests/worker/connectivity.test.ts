import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { importStore } from "../../worker/store-import/import-store";
import { newGuest, request } from "./request";

const connectSrc = (response: Response) =>
  (response.headers.get("Content-Security-Policy") ?? "").split("; ").find((directive) => directive.startsWith("connect-src"));

describe("the connectivity probe (decision 029)", () => {
  it("defaults to the Worker's own /healthz, which answers without a store and is never cached", async () => {
    const page = await request("food.localhost", "/");
    // The root loader's data, in Remix's stream (a JSON text inside a script's string): the name, then its value.
    expect(await page.text()).toContain('\\"connectivityProbeUrl\\",\\"/healthz\\"');
    expect(connectSrc(page)).toBe("connect-src 'self'");
    const probe = await request("anything.localhost", "/healthz");
    expect(probe.status).toBe(200);
    expect(probe.headers.get("Cache-Control")).toBe("no-store");
  });

  it("may be an https URL of the store's choosing, which that store's pages (only) may reach", async () => {
    await importStore(env, {
      ...food,
      slug: "probe-elsewhere",
      hostnames: ["probe-elsewhere.localhost"],
      settings: { ...food.settings, connectivityProbeUrl: "https://status.example.com/ping" },
      demo_customers: [],
    });
    const page = await request("probe-elsewhere.localhost", "/");
    expect(await page.text()).toContain('\\"connectivityProbeUrl\\",\\"https://status.example.com/ping\\"');
    expect(connectSrc(page)).toBe("connect-src 'self' https://status.example.com");
    expect(connectSrc(await request("food.localhost", "/"))).toBe("connect-src 'self'");
  });
});

describe("the guest id on pages (decision 029)", () => {
  it("is shown to its own guest, in a private answer, and to nobody else", async () => {
    const guest = newGuest();
    const mine = await request("food.localhost", "/cart", { headers: { Cookie: `guest_id=${guest}` } });
    expect(mine.headers.get("Cache-Control")).toMatch(/^private/);
    expect(await mine.text()).toContain(guest);
    expect(await (await request("food.localhost", "/cart")).text()).not.toContain(guest);
  });
});
