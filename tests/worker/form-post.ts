import { request } from "./request";

/** A page form sent as a browser without JavaScript sends it: urlencoded, from the page's own origin. */
export function post(host: string, path: string, fields: Record<string, string>, cookie = "") {
  return request(host, path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://${host}`, Cookie: cookie },
  });
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
