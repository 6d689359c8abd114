import { type InterfaceLanguage, isInterfaceLanguage, SOURCE_LANGUAGE } from "../../commerce/languages";
import type { Watch } from "../orders";

/**
 * How the Worker hands an authorised connection to the store's object: what it follows travels in one header of the
 * internal request (the object is reachable from this Worker only, never from a client).
 */
const OPENING_HEADER = "X-Live-Opening";

export interface Opening {
  tenantId: number;
  /** The store database that holds the store's orders (decision 061): the object reads the events there. */
  database: string;
  watch: Watch;
  /** The last event id the client saw; null for a first connection. */
  after: number | null;
  /** Who opened it, as worker/http/client-address.ts names the client: the client cap counts by it. */
  client: string;
  /** The language of the request that opened it: what the socket is told is said in it. */
  language: InterfaceLanguage;
}

export function openingRequest(opening: Opening): Request {
  return new Request("https://live-orders/open", { headers: { Upgrade: "websocket", [OPENING_HEADER]: JSON.stringify(opening) } });
}

export function readOpening(request: Request): Opening | null {
  try {
    const opening = JSON.parse(request.headers.get(OPENING_HEADER) ?? "null") as Opening | null;
    const valid =
      opening &&
      Number.isInteger(opening.tenantId) &&
      typeof opening.database === "string" &&
      typeof opening.watch?.kind === "string" &&
      typeof opening.client === "string";
    if (!valid) return null;
    // An opening without a language (or with one this build does not speak) is answered in the source language.
    return isInterfaceLanguage(opening.language) ? opening : { ...opening, language: SOURCE_LANGUAGE };
  } catch {
    return null;
  }
}
