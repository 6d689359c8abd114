import type { StoreSettings } from "../../commerce/store-settings";
import * as z from "../../commerce/zod";

/** The Universal Commerce Protocol version whose MCP binding the tools follow (decision 089). */
export const UCP_VERSION = "2026-01-11";

export interface UcpMessage {
  type: "error" | "warning" | "info";
  code: string;
  content: string;
}

/** UCP's Price: an amount in the currency's minor units, with its ISO 4217 code. */
export interface Price {
  amount: number;
  currency: string;
}

/** UCP's request metadata (`meta["ucp-agent"]`), every tool's: accepted, and not required (decision 089). */
export const meta = z.optional(
  z.object({ "ucp-agent": z.optional(z.object({ profile: z.optional(z.string().check(z.maxLength(2000))) })) }),
);

/** The store's own amounts are major units (docs/api.md); UCP's are minor units (a sum's float error rounded off). */
export function priceOf(settings: StoreSettings, major: number): Price {
  return { amount: Math.round(major * 10 ** settings.currency.decimalPlaces), currency: settings.currency.currencyCode };
}

/** The envelope UCP puts around every answer: which capabilities answered, at which version. */
export function envelope(...capabilities: string[]) {
  return { version: UCP_VERSION, capabilities: Object.fromEntries(capabilities.map((name) => [name, [{ version: UCP_VERSION }]])) };
}

/** A tool's answer as MCP carries it: the structured content, and the same as JSON text for clients that read text. */
export function toolAnswer(structuredContent: Record<string, unknown>) {
  return { structuredContent, content: [{ type: "text" as const, text: JSON.stringify(structuredContent) }] };
}

/** A refusal as a tool error (MCP's isError) whose text is the store's message, with UCP's messages beside it. */
export function toolRefusal(code: string, content: string) {
  const messages: UcpMessage[] = [{ type: "error", code, content }];
  return { isError: true, structuredContent: { messages }, content: [{ type: "text" as const, text: content }] };
}
