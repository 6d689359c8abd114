import type { CustomerDetails } from "../../../worker/accounts/customers";

/** The customer's picture, else their initial on the brand colour. */
export function Avatar({ user, size }: { user: Pick<CustomerDetails, "name" | "avatar_url">; size: number }) {
  const style = { width: size, height: size };
  if (user.avatar_url) {
    return (
      <img
        src={user.avatar_url}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={style}
        data-testid="avatar"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex items-center justify-center rounded-full bg-brand text-xl font-semibold text-brand-on"
      style={style}
    >
      {user.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
