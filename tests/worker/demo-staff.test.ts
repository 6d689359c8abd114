import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import food from "../../stores/food.json";
import { importStore, StoreImportError } from "../../worker/store-import/import-store";
import { adminCall, storeKey } from "./admin-helpers";
import { deskGet, deskSignIn, FOOD_OWNER } from "./desk-helpers";

const pepper = env.PASSWORD_PEPPER;

describe("demo staff from the store files", () => {
  it("re-imports idempotently: one member, reset to the file, their desk sessions ended", async () => {
    const cookie = await deskSignIn(FOOD_OWNER);
    expect((await deskGet("/admin/catalogue", cookie)).status).toBe(200);
    await env.DB.prepare("UPDATE staff SET name = 'Renamed', role = 'orders' WHERE tenant_id = 1 AND email = ?1")
      .bind(FOOD_OWNER.email)
      .run();
    await importStore(env, food, { pepper });
    const rows = await env.DB.prepare("SELECT name, role, demo FROM staff WHERE tenant_id = 1 AND email = ?1").bind(FOOD_OWNER.email).all();
    expect(rows.results).toEqual([{ name: "Meera Iyer", role: "owner", demo: 1 }]);
    expect((await deskGet("/admin/catalogue", cookie)).status).toBe(303);
    expect((await deskGet("/admin/catalogue", await deskSignIn(FOOD_OWNER))).status).toBe(200);
  });

  it("never writes a member the owner made: a file naming one's email is refused", async () => {
    const key = await storeKey(1, "staff", "all");
    const email = `made.${Date.now()}@example.com`;
    const made = await adminCall("/staff", key, {
      method: "POST",
      body: { name: "Owner's", email, password: "their own password", role: "orders" },
    });
    expect(made.status).toBe(201);
    const file = { ...food, demo_staff: [{ name: "Takeover", email, password: "a file password", role: "owner" }] };
    const refused = await importStore(env, file, { pepper }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreImportError);
    expect((refused as Error).message).toMatch(/demo_staff\[0\]\.email: is the email of a staff member the owner made/);
    expect(await deskSignIn({ email, password: "their own password" })).toMatch(/^desk_session=/);
  });
});
