import type { StoreSettings } from "../../commerce/store-settings";
import { storeSettings } from "../../commerce/store-settings";
import type { CallApi } from "../http/in-worker-api";
import type { StoreData } from "../store-data/store-data";

/** A refusal of the API in its one error shape (docs/api.md): the tools say its message to the agent as it is. */
export class StoreRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The guest an agent's cart belongs to, at one branch: what a cart id says (agent-cart-id.ts). */
export interface AgentShopper {
  guestId: string;
  branchId: number;
}

/**
 * The store as an agent reaches it: its API's calls as the origin API answers them, each as a guest of the agent's
 * own or as no one, never with a customer's session or a store key. The store's settings are read once per request.
 */
export class StoreClient {
  private settingsRead: Promise<StoreSettings> | null = null;

  constructor(
    private readonly callApi: CallApi,
    /** The store's origin, as the shopper's browser reaches it: the links the tools give. */
    readonly origin: string,
  ) {}

  settings(): Promise<StoreSettings> {
    this.settingsRead ??= this.get<StoreData>("/api/get-data").then((data) => storeSettings(data.settings));
    return this.settingsRead;
  }

  get<T>(path: string, query: Record<string, string | string[] | number | undefined> = {}, shopper?: AgentShopper): Promise<T> {
    return this.send<T>("GET", path, query, undefined, shopper);
  }

  write<T>(method: "POST" | "PUT" | "DELETE", path: string, body: unknown, shopper: AgentShopper): Promise<T> {
    return this.send<T>(method, path, {}, body, shopper);
  }

  private async send<T>(
    method: string,
    path: string,
    query: Record<string, string | string[] | number | undefined>,
    body: unknown,
    shopper?: AgentShopper,
  ): Promise<T> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) params.append(name, String(one));
    }
    if (shopper) params.set("branch_id", String(shopper.branchId));
    const headers: Record<string, string> = { Accept: "application/json" };
    if (shopper) headers["guest-id"] = shopper.guestId;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const search = params.size > 0 ? `?${params}` : "";
    const response = await this.callApi(`${path}${search}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (!response.ok) {
      throw new StoreRefusal(response.status, answer?.code ?? "store_error", answer?.message ?? "The store could not answer.");
    }
    return answer as T;
  }
}
