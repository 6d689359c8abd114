import { refusalOf } from "./api-refusal";

/**
 * Reads a JSON answer from the origin API. An unknown record becomes the 404 page; any other failure is
 * rethrown as a response for the route's error boundary, with the API's message for the shopper.
 */
export async function readOrigin<T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T> {
  if (response.ok) return response.json();
  const body = await refusalOf(response);
  const status = response.status === 404 ? 404 : response.status >= 500 ? 502 : response.status;
  throw new Response(body.message ?? "The store could not answer just now.", { status });
}
