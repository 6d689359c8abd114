import { StoreRefusal } from "../store-client";
import { toolRefusal } from "../ucp";

/**
 * Runs a tool's work: a refusal of the store's API becomes a tool error with the store's own message (the 422 texts
 * the shopper would read), anything else a tool error that says only that the store could not answer, so no
 * internal detail reaches an agent.
 */
export async function runTool<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreRefusal) return toolRefusal(error.code, error.message);
    console.error("agent tool failed", error);
    return toolRefusal("store_error", "The store could not answer. Try again in a moment.");
  }
}
