/** Where an account's messages go: its email address or its phone number, as the account stores them. */
export type Destination = { kind: "email"; value: string } | { kind: "phone"; value: string };

/** The destination as one text, the key codes and send counts are kept under. */
export function destinationKey(destination: Destination): string {
  return `${destination.kind}:${destination.value}`;
}
