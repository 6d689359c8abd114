/**
 * A labelled input of an account form (the label is always visible: it names the field for everyone), with the
 * refusal's message for this field beside it.
 */
export function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  defaultValue,
  required = true,
  error,
  maxLength = 254,
  inputMode,
}: {
  label: string;
  name: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  error?: string;
  maxLength?: number;
  inputMode?: "numeric" | "text";
}) {
  const errorId = `${name}-error`;
  return (
    <label className="flex flex-col gap-1 text-sm text-ink">
      {label}
      <input
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-lg border border-gray-300 bg-white px-3 py-2 focus:border-brand focus:outline-none"
      />
      {error ? (
        <span id={errorId} className="text-sm text-red-800" data-testid={`${name}-error`}>
          {error}
        </span>
      ) : null}
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
