import { useNavigation } from "@remix-run/react";
import type { ComponentProps } from "react";

/** A page form's submit button (the brand look unless told), off while a form of the page is on its way: one submit, one answer. */
export function SubmitButton({ className = "btn-brand", ...props }: Omit<ComponentProps<"button">, "type" | "disabled">) {
  const busy = useNavigation().state === "submitting";
  return <button type="submit" className={className} disabled={busy} {...props} />;
}
