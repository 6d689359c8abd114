import { inject } from "vitest";
import type { RecordedRequest } from "./recording-server";

/**
 * A test's own endpoint on the fake server (workerd side): its address to configure the Worker with, what it received,
 * and what it should answer.
 */
export function fakeEndpoint(prefix: string) {
  const base = inject("fakeServerUrl");
  const path = `/${prefix}/${crypto.randomUUID()}`;
  return {
    url: `${base}${path}`,
    async received(): Promise<RecordedRequest[]> {
      return (await fetch(`${base}/__received?path=${encodeURIComponent(path)}`)).json();
    },
    async answer(status: number, body: unknown = {}): Promise<void> {
      await fetch(`${base}/__answer?path=${encodeURIComponent(path)}`, { method: "POST", body: JSON.stringify({ status, body }) });
    },
  };
}
