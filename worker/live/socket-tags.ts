import { type InterfaceLanguage, isInterfaceLanguage, SOURCE_LANGUAGE } from "../../commerce/languages";
import type { Watch } from "../orders";
import type { Opening } from "./opening";

/**
 * The tags the store's object accepts a socket with (at most 10, of 256 characters each): what it follows, which a
 * publish looks up, the client that opened it, which the client cap counts (worker/live/socket-caps.ts), and the
 * language its messages are said in, which outlives the object's hibernation with the socket.
 */
export function socketTags(opening: Opening): string[] {
  return [watchTag(opening.watch), clientTag(opening.client), languageTag(opening.language)];
}

const LANGUAGE_TAG = "language:";

export function languageTag(language: InterfaceLanguage): string {
  return `${LANGUAGE_TAG}${language}`;
}

/** The language a socket was opened in, from its tags; a socket accepted before sockets had one hears English. */
export function socketLanguage(tags: readonly string[]): InterfaceLanguage {
  const language = tags.find((tag) => tag.startsWith(LANGUAGE_TAG))?.slice(LANGUAGE_TAG.length);
  return isInterfaceLanguage(language) ? language : SOURCE_LANGUAGE;
}

export function watchTag(watch: Watch): string {
  if (watch.kind === "order") return `order:${watch.orderId}`;
  if (watch.kind === "customer") return `customer:${watch.customerId}`;
  return "store";
}

/** A client's address is at most 64 characters (worker/http/client-address.ts), well inside a tag. */
export function clientTag(client: string): string {
  return `client:${client}`;
}
