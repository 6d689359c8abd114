import { newGuest, request, viaCloudflare } from "./request";

/** Page requests as a browser without JavaScript sends them: plain form posts, cookies carried by hand. */

export const PAGE_HOST = "food.localhost";

/** Each post from a visitor of its own (through Cloudflare), so a file's many forms stay within per-client limits. */
export function postForm(path: string, fields: Record<string, string>, cookie = "", host = PAGE_HOST) {
  const visitor = viaCloudflare();
  return request(host, path, {
    method: "POST",
    cf: visitor.cf,
    body: new URLSearchParams(fields),
    headers: { ...visitor.headers, "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${host}`, Cookie: cookie },
  });
}

export function getPage(path: string, cookie = "", host = PAGE_HOST) {
  return request(host, path, { headers: { Cookie: cookie } });
}

/** The cookies an answer sets, as the next request's Cookie header (a removed cookie is left out). */
export function jar(response: Response, before = ""): string {
  const cookies = new Map(before ? before.split("; ").map((c) => c.split("=") as [string, string]) : []);
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, value] = pair!.split("=") as [string, string];
    if (value === "" || /Max-Age=0/.test(header)) cookies.delete(name);
    else cookies.set(name, value);
  }
  return [...cookies].map(([n, v]) => `${n}=${v}`).join("; ");
}

let n = 0;
/** Registers a new shopper on /register (as a guest first, so `guest` carts merge) and answers the signed-in cookies. */
export async function registeredShopper(guest = newGuest()): Promise<string> {
  n++;
  const unique = `${Date.now()}${n}`;
  const fields = {
    name: "Page Shopper",
    email: `page.${unique}@example.com`,
    phone: `+9196${unique.slice(-8)}`,
    password: "a long enough password",
    redirectTo: "/account",
  };
  const before = `guest_id=${guest}`;
  // From a visitor of its own, so a test's many shoppers stay within the per-client registration limit.
  const visitor = viaCloudflare();
  const response = await request(PAGE_HOST, "/register", {
    method: "POST",
    cf: visitor.cf,
    body: new URLSearchParams(fields),
    headers: { ...visitor.headers, "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${PAGE_HOST}`, Cookie: before },
  });
  if (response.status !== 303) throw new Error(`registration failed: ${response.status}`);
  return jar(response, before);
}

/**
 * A page's HTML without the messages it carries for its code (decision 081): those hold every text the page's code
 * could show, shown or not, so a test of what the page says reads the rest.
 */
export const withoutPageMessages = (html: string): string =>
  html.replace(/<script type="application\/json" id="page-messages">.*?<\/script>/s, "");
