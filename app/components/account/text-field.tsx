import { useT } from "../../i18n/use-t";
import type { FormRefusal } from "../../lib/form-refusal";
import { Alert } from "../alert";

/**
 * A labelled input of an account form (the label is always visible: it names the field for everyone). After a
 * refusal it shows what the shopper typed, and this field's message, tied to the input so a screen reader reads it
 * with the field.
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
  inputMode?: "numeric" | "text";
}) {
  const error = refusal?.fields?.[name];
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
        <span id={errorId} className="text-red-800" data-testid={errorId}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/**
 * The refusal's message, announced when it appears. When the form's own `fields` show messages beside them, this only
 * says so; a message about no field of the form (a wrong password, a limit, a field the form does not show) is shown
 * here in full.
 */
export function FormMessage({ refusal, fields = [] }: { refusal?: FormRefusal | null; fields?: readonly string[] }) {
  const t = useT();
  if (!refusal) return null;
  const shownBeside = fields.some((name) => refusal.fields?.[name] !== undefined);
  // Above a form whose fields carry their own messages, one line that sends the shopper to them.
  return <Alert message={shownBeside ? t("account.check_the_fields") : refusal.message} testId="form-error" />;
}
