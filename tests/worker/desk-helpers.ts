import { jar, postForm } from "./page-session";
import { request } from "./request";

/** The demo stores' desk staff (stores/*.json `demo_staff`), as the worker tests' setup imports them. */
export const FOOD_OWNER = { email: "owner.demo@example.com", password: "spice-route-desk" };
export const FOOD_KITCHEN = { email: "kitchen.demo@example.com", password: "spice-route-desk" };
export const RETAIL_OWNER = { email: "owner.demo@example.com", password: "northwind-desk" };

/** Signs a member in at /admin/login as a browser without JavaScript does; answers the desk's Cookie header. */
export async function deskSignIn(member: { email: string; password: string }, host = "food.localhost"): Promise<string> {
  const response = await postForm("/admin/login", { ...member, next: "/admin/catalogue" }, "", host);
  if (response.status !== 303) throw new Error(`desk sign-in failed: ${response.status}`);
  return jar(response);
}

/** A desk page as the signed-in member's browser asks for it. */
export function deskGet(path: string, cookie: string, host = "food.localhost") {
  return request(host, path, { headers: { Cookie: cookie }, redirect: "manual" });
}

/** A desk form post with the member's cookie, from the desk's own origin. */
export function deskPost(path: string, fields: Record<string, string>, cookie: string, host = "food.localhost") {
  return postForm(path, fields, cookie, host);
}
