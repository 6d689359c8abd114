import { useT } from "../../i18n/use-t";
import type { FormRefusal } from "../../lib/form-refusal";
import { TextField } from "./text-field";

/** The new-password field every form that sets one shows, with the API's rule in its label. */
export function NewPasswordField({ refusal, maxLength }: { refusal?: FormRefusal | null; maxLength?: number }) {
  const t = useT();
  return (
    <TextField
      label={t("auth.new_password_rule")}
      name="password"
      type="password"
      autoComplete="new-password"
      maxLength={maxLength}
      refusal={refusal}
    />
  );
}
