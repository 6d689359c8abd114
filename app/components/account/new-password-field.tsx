import type { FormRefusal } from "../../lib/form-refusal";
import { TextField } from "./text-field";

/** The new-password field every form that sets one shows, with the API's rule in its label. */
export function NewPasswordField({ refusal, maxLength }: { refusal?: FormRefusal | null; maxLength?: number }) {
  return (
    <TextField
      label="New password (at least 8 characters)"
      name="password"
      type="password"
      autoComplete="new-password"
      maxLength={maxLength}
      refusal={refusal}
    />
  );
}
