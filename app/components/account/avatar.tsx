import type { CustomerDetails } from "../../../worker/accounts/customers";

/** Sizes as classes: a style attribute would need 'unsafe-inline' in the CSP. */
const SIZES = { 64: "h-16 w-16" } as const;

/** The customer's picture, else their initial on the brand colour. */
export function Avatar({ user, size }: { user: Pick<CustomerDetails, "name" | "avatar_url">; size: keyof typeof SIZES }) {
  const box = SIZES[size];
  if (user.avatar_url) {
    return (
      <img src={user.avatar_url} alt="" width={size} height={size} className={`rounded-full object-cover ${box}`} data-testid="avatar" />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded-full bg-brand text-xl font-semibold text-brand-on ${box}`}
    >
      {user.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
