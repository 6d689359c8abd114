import type { FormRefusal } from "../../lib/form-refusal";

/**
 * A labelled input of an account form (the label is always visible: it names the field for everyone). After a
 * refusal it shows what the shopper typed, and the message when it concerns this field, tied to the input so a screen
 * reader reads it with the field.
 */
export function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  defaultValue,
  required = true,
  maxLength = 254,
  refusal,
  inputMode,
}: {
  label: string;
  name: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  maxLength?: number;
  refusal?: FormRefusal | null;
  /** The on-screen keyboard to offer, as for a code of digits. */
  inputMode?: "numeric";
}) {
  const error = refusal?.field === name ? refusal.message : undefined;
  const errorId = `${name}-error`;
  return (
    <label className="flex flex-col gap-1 text-sm text-ink">
      {label}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={refusal?.values?.[name] ?? defaultValue}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none aria-[invalid]:border-red-700"
      />
      {error ? (
        <span id={errorId} className="text-red-800" data-testid="field-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}

/**
 * The action's message for the shopper, announced when it appears. A message about one of the form's own `fields` is
 * shown beside that field instead.
 */
export function FormMessage({
  message,
  refusal,
  fields = [],
}: {
  message?: string;
  refusal?: FormRefusal | null;
  fields?: readonly string[];
}) {
  const text = message ?? (refusal && !(refusal.field && fields.includes(refusal.field)) ? refusal.message : undefined);
  return text ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
      {text}
    </p>
  ) : null;
}
