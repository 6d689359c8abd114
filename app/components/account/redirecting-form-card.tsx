import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormRefusal } from "../../lib/form-refusal";
import { FormMessage } from "./text-field";

/**
 * A form on its card that sends the shopper on to `redirectTo` once it succeeds (sign-in, sign-up, a new address),
 * with its refusal said above its fields.
 */
export function RedirectingFormCard({
  redirectTo,
  refusal,
  fields,
  replace,
  children,
}: {
  redirectTo: string;
  refusal?: FormRefusal | null;
  /** The fields that show their own messages (see FormMessage). */
  fields: readonly string[];
  /** Take the form's own step out of the history (sign-in). */
  replace?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="card flex flex-col gap-3 p-5" replace={replace}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormMessage refusal={refusal} fields={fields} />
      {children}
    </Form>
  );
}
