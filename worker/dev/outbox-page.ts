import type { Context, Next } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../app-env";
import { devToolsOn } from "../dev-tools";
import { latestMessages, type StoredMessage } from "../messages/d1-outbox";

function messageItem(message: StoredMessage) {
  return html`<li>
    <p><strong>${message.channel === "sms" ? "Text" : "Mail"} to ${message.recipient}</strong>
      <time datetime="${new Date(message.created_at).toISOString()}">${new Date(message.created_at).toISOString()}</time></p>
    ${message.subject ? html`<p>${message.subject}</p>` : ""}
    <pre>${message.body}</pre>
  </li>`;
}

/**
 * /dev/outbox: the store's latest messages in the D1 outbox, newest first, so a shopper trying the demo can read a
 * sign-in code or reset link. Without the dev flag it passes the request on, to be the 404 page any unknown path gets.
 * Every value is escaped by `html`: a name or address with script in it is shown as text.
 */
export async function outboxPage(c: Context<AppEnv>, next: Next) {
  if (!devToolsOn(c.env) || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
  const messages = await latestMessages(c.env.DB, c.var.tenant.id);
  const page = html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Outbox (development)</title></head>
  <body>
    <h1>Outbox</h1>
    <p>Messages this store sent in the last day, newest first. Shown only while DEV_TOOLS=1 is set in .dev.vars.</p>
    ${messages.length === 0 ? html`<p>No messages yet.</p>` : html`<ol data-testid="outbox">${messages.map(messageItem)}</ol>`}
  </body>
</html>`;
  return c.html(page, 200, { "Cache-Control": "no-store" });
}
