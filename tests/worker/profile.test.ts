import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { json, request } from "./request";

interface User {
  id: number;
  name: string;
  email: string;
  phone: string;
  avatar_url: string | null;
}

const HOST = "food.localhost";
/** A real 1×1 PNG, and the first bytes of a JPEG and a WebP: the upload is checked by content, not by name. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 26, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c]);

let n = 0;
async function signedUp(host = HOST): Promise<{ token: string; user: User }> {
  n++;
  const unique = `${Date.now()}${n}`.slice(-9);
  const response = await request(host, "/api/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Meera",
      email: `meera.${unique}@example.com`,
      phone: `+9170${unique}`,
      password: "a long enough password",
    }),
  });
  expect(response.status).toBe(201);
  return json(response);
}

function updateDetails(token: string, body: unknown, host = HOST) {
  return request(host, "/api/user/update-details", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

function uploadAvatar(token: string | null, bytes: Uint8Array<ArrayBuffer>, name = "me.png", type = "image/png", host = HOST) {
  const form = new FormData();
  form.append("avatar", new File([bytes], name, { type }));
  return request(host, "/api/user/change-avatar", {
    method: "POST",
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

async function objectCount(prefix: string): Promise<number> {
  return (await env.MEDIA.list({ prefix })).objects.length;
}

describe("profile API", () => {
  it("changes the details, and refuses another account's email or phone with nothing changed", async () => {
    const { token, user } = await signedUp();
    const other = await signedUp();
    const current_password = "a long enough password";
    const changed = await updateDetails(token, {
      name: "  Meera <i>K</i> ",
      email: "MEERA.K@Example.com",
      phone: "+91 70 1234 5678",
      current_password,
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(changed)).toEqual({ ...user, name: "Meera <i>K</i>", email: "meera.k@example.com", phone: "+917012345678" });

    const taken = await updateDetails(token, { name: "Meera", email: other.user.email, phone: user.phone, current_password });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ code: "account_exists", issues: [{ path: "email" }] });
    const takenPhone = await updateDetails(token, {
      name: "Meera",
      email: "meera.k@example.com",
      phone: other.user.phone,
      current_password,
    });
    expect(await json(takenPhone)).toMatchObject({ code: "account_exists", issues: [{ path: "phone" }] });
    const details = await request(HOST, "/api/user/details", { headers: { Authorization: `Bearer ${token}` } });
    expect(await json(details)).toMatchObject({ email: "meera.k@example.com", phone: "+917012345678" });
  });

  it("refuses bad details, guests, and another store's token", async () => {
    const { token } = await signedUp();
    const bad = await updateDetails(token, { name: "", email: "not-an-email", phone: "12" });
    expect(bad.status).toBe(400);
    expect((await json<{ issues: { path: string }[] }>(bad)).issues.map((i) => i.path).sort()).toEqual(["email", "name", "phone"]);
    const guest = await request(HOST, "/api/user/update-details", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "X", email: "x@example.com", phone: "+919999999999" }),
    });
    expect(guest.status).toBe(401);
    const elsewhere = await updateDetails(token, { name: "X", email: "x@example.com", phone: "+919999999999" }, "retail.localhost");
    expect(elsewhere.status).toBe(401);
  });

  it("stores a PNG, JPEG or WebP avatar under a new name each time, serves it from the store, and deletes the old one", async () => {
    const { token, user } = await signedUp();
    const prefix = `avatars/1/${user.id}/`;
    const urls: string[] = [];
    for (const [bytes, name, type] of [
      [PNG, "a.png", "image/png"],
      [JPEG, "b.jpeg", "image/jpeg"],
      [WEBP, "c.webp", "image/webp"],
    ] as const) {
      const answer = await uploadAvatar(token, bytes, name, type);
      expect(answer.status).toBe(200);
      const { avatar_url } = await json<User>(answer);
      expect(avatar_url).toMatch(new RegExp(`^/media/avatars/1/${user.id}/[0-9a-f]{24}\\.(png|jpg|webp)$`));
      urls.push(avatar_url!);
      expect(await objectCount(prefix)).toBe(1);
    }
    expect(new Set(urls).size).toBe(3);

    const served = await request(HOST, urls[2]!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("Set-Cookie")).toBeNull();
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(WEBP);
    const again = await request(HOST, urls[2]!, { headers: { "If-None-Match": served.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect((await request(HOST, urls[0]!)).status).toBe(404);
    // Another store does not serve this store's uploads.
    expect((await request("retail.localhost", urls[2]!)).status).toBe(404);
    expect((await request(HOST, "/media/avatars/1/../../secret")).status).toBe(404);
  });

  it("refuses what is not a PNG, JPEG or WebP, or is over 2 MB, by content, keeping the old avatar", async () => {
    const { token, user } = await signedUp();
    expect((await uploadAvatar(token, PNG)).status).toBe(200);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name, type] of [
      [svg, "x.png", "image/png"],
      [new TextEncoder().encode("GIF89a......"), "x.gif", "image/gif"],
      [new Uint8Array(0), "empty.png", "image/png"],
    ] as const) {
      const refused = await uploadAvatar(token, bytes, name, type);
      expect(refused.status).toBe(422);
      expect(await json(refused)).toMatchObject({ code: "invalid_image", message: "Choose a PNG, JPEG or WebP image." });
    }
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await uploadAvatar(token, big);
    expect(tooBig.status).toBe(422);
    expect(await json(tooBig)).toMatchObject({ code: "invalid_image", message: "Choose an image of at most 2 MB." });
    const huge = await uploadAvatar(token, new Uint8Array(5 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(await objectCount(`avatars/1/${user.id}/`)).toBe(1);

    const noFile = await request(HOST, "/api/user/change-avatar", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(noFile.status).toBe(400);
    expect((await uploadAvatar(null, PNG)).status).toBe(401);
  });
});

describe("change password", () => {
  function changePassword(token: string, body: unknown) {
    return request(HOST, "/api/user/change-password", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  }

  function login(email: string, password: string) {
    return request(HOST, "/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
  }

  it("needs the current password, then ends every other session and keeps this one", async () => {
    const { token, user } = await signedUp();
    const elsewhere = await json<{ token: string }>(await login(user.email, "a long enough password"));
    const wrong = await changePassword(token, { current_password: "not it", password: "a newer password" });
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toMatchObject({ code: "invalid_credentials", issues: [{ path: "current_password" }] });
    expect((await changePassword(token, { current_password: "a long enough password", password: "short" })).status).toBe(400);

    const changed = await changePassword(token, { current_password: "a long enough password", password: "a newer password" });
    expect(changed.status).toBe(200);
    expect((await request(HOST, "/api/user/details", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await request(HOST, "/api/user/details", { headers: { Authorization: `Bearer ${elsewhere.token}` } })).status).toBe(401);
    expect((await login(user.email, "a long enough password")).status).toBe(422);
    expect((await login(user.email, "a newer password")).status).toBe(200);
  });

  it("refuses guessing the current password past ten tries (429), counted, not timed", async () => {
    const { token } = await signedUp();
    const firstTry = Date.now();
    for (let i = 0; i < 10; i++) {
      expect((await changePassword(token, { current_password: `guess ${i}`, password: "a newer password" })).status).toBe(422);
    }
    const limited = await changePassword(token, { current_password: "a long enough password", password: "a newer password" });
    expect(limited.status).toBe(429);
    // The window is 15 minutes from the first wrong try, so the wait is 900 s less the seconds the tries took.
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(retryAfter).toBeGreaterThanOrEqual(900 - Math.ceil((Date.now() - firstTry) / 1000));
  });
});

describe("edit-profile page without JavaScript", () => {
  async function signedInCookie(): Promise<string> {
    const { token } = await signedUp();
    return `session=${token}`;
  }

  function post(cookie: string, body: URLSearchParams | FormData) {
    return request(HOST, "/account/edit-profile", { method: "POST", body, headers: { Origin: `http://${HOST}`, Cookie: cookie } });
  }

  it("sends a signed-out shopper to sign in and back", async () => {
    const page = await request(HOST, "/account/edit-profile");
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fedit-profile");
  });

  it("saves details (POST → 303 → GET) and shows a refusal beside its field with what was typed", async () => {
    const cookie = await signedInCookie();
    const saved = await post(
      cookie,
      new URLSearchParams({ intent: "details", name: "<b>Meera</b>", email: "m.page@example.com", phone: "+917000000001" }),
    );
    // A new email or phone needs the current password, asked for beside its own field, and never typed back.
    expect(saved.status).toBe(422);
    expect(await saved.text()).toContain('<span id="details_password-error" class="text-red-800" data-testid="details_password-error">');
    const withPassword = await post(
      cookie,
      new URLSearchParams({
        intent: "details",
        name: "<b>Meera</b>",
        email: "m.page@example.com",
        phone: "+917000000001",
        details_password: "a long enough password",
      }),
    );
    expect(withPassword.status).toBe(303);
    expect(withPassword.headers.get("Location")).toBe("/account/edit-profile?saved=details");
    const page = await request(HOST, "/account/edit-profile?saved=details", { headers: { Cookie: cookie } });
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Your details are saved.");
    expect(html).toContain('value="&lt;b&gt;Meera&lt;/b&gt;"');
    expect(html).not.toContain("<b>Meera</b>");

    const refused = await post(
      cookie,
      new URLSearchParams({ intent: "details", name: "Meera", email: "not an email", phone: "+917000000001" }),
    );
    expect(refused.status).toBe(422);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(/aria-invalid="true" aria-describedby="email-error"/);
    expect(refusedHtml).toContain(
      '<span id="email-error" class="text-red-800" data-testid="email-error">Enter a valid email address.</span>',
    );
    expect(refusedHtml).toContain('value="not an email"');
  });

  it("holds a form without files to the plain limit, though the page takes uploads", async () => {
    const cookie = await signedInCookie();
    const huge = await post(
      cookie,
      new URLSearchParams({ intent: "details", name: "x".repeat(70 * 1024), email: "a@b.co", phone: "+917000000002" }),
    );
    expect(huge.status).toBe(413);
  });

  it("changes the password (POST → 303 → GET), and shows a wrong current password beside its field", async () => {
    const cookie = await signedInCookie();
    const wrong = await post(cookie, new URLSearchParams({ intent: "password", current_password: "nope", password: "a newer password" }));
    expect(wrong.status).toBe(422);
    const html = await wrong.text();
    expect(html).toContain('data-testid="current_password-error">That is not your current password.</span>');
    expect(html).not.toContain("nope");
    const changed = await post(
      cookie,
      new URLSearchParams({ intent: "password", current_password: "a long enough password", password: "a newer password" }),
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe("/account/edit-profile?saved=password");
    const page = await (await request(HOST, "/account/edit-profile?saved=password", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Your password is changed.");
  });

  it("uploads an avatar, shows it, and refuses a non-image beside the file field", async () => {
    const cookie = await signedInCookie();
    const form = new FormData();
    form.append("intent", "avatar");
    form.append("avatar", new File([PNG], "me.png", { type: "image/png" }));
    const uploaded = await post(cookie, form);
    expect(uploaded.status).toBe(303);
    const account = await (await request(HOST, "/account", { headers: { Cookie: cookie } })).text();
    expect(account).toMatch(/<img src="\/media\/avatars\/1\/\d+\/[0-9a-f]{24}\.png"/);

    const bad = new FormData();
    bad.append("intent", "avatar");
    bad.append("avatar", new File(["just text"], "me.png", { type: "image/png" }));
    const refused = await post(cookie, bad);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(
      '<span id="avatar-error" class="text-red-800" data-testid="avatar-error">Choose a PNG, JPEG or WebP image.</span>',
    );
  });
});
