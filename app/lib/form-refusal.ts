/**
 * A form the page refused, as the page shows it again: the message, the field it concerns (shown beside that field),
 * and what the shopper typed, so nothing is lost when the form comes back without JavaScript. Passwords are never
 * sent back.
 */
export interface FormRefusal {
  ok: false;
  message: string;
  field?: string;
  values?: Record<string, string>;
}

/** The text fields of a submitted form, without its secrets, to fill the form again. */
export function typedValues(data: Record<string, unknown>, secrets: readonly string[] = ["password", "code"]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === "string" && !secrets.includes(name)) values[name] = value;
  }
  return values;
}
