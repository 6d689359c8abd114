import type { Message, Outbox } from "./message";

/** A provider that does not answer in this time is treated as having refused. */
const TIMEOUT_MS = 10_000;

/** Plain HTTP is allowed only to this machine (a local relay, or the tests' fake provider). */
function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * The production transport: every message is POSTed as JSON to `MESSAGES_URL` with `Authorization: Bearer
 * MESSAGES_TOKEN`, a generic webhook that the operator points at their SMS and mail relay (their own service, or an
 * automation hook in front of their provider). The body:
 *
 *   { "id": "<uuid>", "store_id": 1, "channel": "sms" | "email", "to": "…", "subject": "…" | null, "text": "…" }
 *
 * `id` is new for each message, so a relay can drop a retried duplicate. Any 2xx is accepted; anything else throws.
 */
export function webhookOutbox(url: string, token: string): Outbox {
  const endpoint = new URL(url);
  if (endpoint.protocol !== "https:" && !isLoopback(endpoint.hostname)) {
    throw new Error("MESSAGES_URL must be an https:// address");
  }
  return {
    async send(message: Message) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          id: crypto.randomUUID(),
          store_id: message.tenantId,
          channel: message.channel,
          to: message.to,
          subject: message.subject ?? null,
          text: message.body,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // The body is not needed, but an unread body holds the connection.
      await response.body?.cancel();
      if (!response.ok) throw new Error(`the message provider answered ${response.status}`);
    },
  };
}
