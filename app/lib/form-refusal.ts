/**
 * A form the page refused, as the page shows it again: the message, each field's own message (shown beside that
 * field), and what the shopper typed, so nothing is lost when the form comes back without JavaScript. Passwords and
 * codes are never sent back.
 */
export interface FormRefusal {
  ok: false;
  message: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** The text fields of a submitted form, without its secrets, to fill the form again. */
const SECRETS = new Set(["password", "current_password", "details_password", "code"]);

export function typedValues(data: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === "string" && !SECRETS.has(name)) values[name] = value;
  }
  return values;
}
