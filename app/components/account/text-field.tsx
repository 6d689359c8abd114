/** A labelled input of an account form (the label is always visible: it names the field for everyone). */
export function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  defaultValue,
  required = true,
  inputMode,
}: {
  label: string;
  name: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  /** The on-screen keyboard to offer, as for a code of digits. */
  inputMode?: "numeric";
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-ink">
      {label}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        inputMode={inputMode}
        maxLength={254}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none"
      />
    </label>
  );
}

/** The action's message for the shopper, announced when it appears. */
export function FormMessage({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="form-error">
      {message}
    </p>
  ) : null;
}
