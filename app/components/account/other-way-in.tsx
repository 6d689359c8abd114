import { Link } from "@remix-run/react";

/** Under a sign-in, sign-up or reset form: the way to the other one, after a short question. */
export function OtherWayIn({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <p className="text-sm text-gray-700">
      {question}{" "}
      <Link to={to} className="text-brand underline">
        {label}
      </Link>
    </p>
  );
}
