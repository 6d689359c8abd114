import { Link, type LinkProps } from "@remix-run/react";

/** A link in running text or under a form ("Back to your account", "Change"): the store's one look for it. */
export function TextLink(props: Omit<LinkProps, "className">) {
  return <Link {...props} className="text-sm text-brand underline" />;
}
