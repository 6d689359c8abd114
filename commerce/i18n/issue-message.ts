import { SOURCE_LANGUAGE } from "../languages";
import type { MessageId } from "./compiled/message-ids";
import { type Message, message, say } from "./message";
import { isMessageId, translatorOf } from "./translators";

/** A zod issue as far as its words need it: its message, and the bounds a length check names. */
export interface ZodIssueText {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  /** A custom check's values for its message (`z.refine(…, { message, params })`, `addIssue`). */
  params?: unknown;
}

/**
 * A zod issue's words: our checks' messages are message ids (`issueId`), put into words where the refusal is answered
 * with the check's own bounds as values (`{max}`); zod's own messages, for input no form of ours sends, stay its English.
 */
export function issueMessage(issue: ZodIssueText): Message | string {
  if (!isMessageId(issue.message)) return issue.message;
  const bound = (value: unknown) => (typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined);
  const params = typeof issue.params === "object" && issue.params !== null ? issue.params : {};
  // The id is only known to be one of ours here, so its values are the check's bounds and params as zod gave them.
  return (message as (id: MessageId, values: object) => Message)(issue.message, {
    min: bound(issue.minimum),
    max: bound(issue.maximum),
    ...params,
  });
}

/** A zod issue's words in English: the store importer's report (its CLI and its API answer alike). */
export function issueInEnglish(issue: ZodIssueText): string {
  const text = issueMessage(issue);
  return typeof text === "string" ? text : say(translatorOf(SOURCE_LANGUAGE), text);
}
