/** A text or mail to one shopper of one store. */
export interface Message {
  tenantId: number;
  channel: "sms" | "email";
  /** A phone number (digits with an optional leading +) or an email address. */
  to: string;
  /** Mails only. */
  subject?: string;
  /** Plain text. */
  body: string;
}

/** Where messages go. `send` resolves once the transport has accepted the message, and throws if it did not. */
export interface Outbox {
  send(message: Message): Promise<void>;
}
