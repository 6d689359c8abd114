import type { ReactNode } from "react";

/** A card under its own heading, which names the section for a screen reader (`<id>-title`). */
export function CardSection({
  id,
  title,
  small = false,
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  /** Small print throughout, as for an order's history and address. */
  small?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={small ? "card p-4 text-sm" : "card p-4"} aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`} className="mb-2 font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
