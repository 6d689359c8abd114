import type { ReactNode } from "react";

const COLUMNS = {
  /** Forms, the account, orders: a narrow column. */
  narrow: "mx-auto flex max-w-md flex-col gap-4 px-4 py-8",
  /** The cart and checkout, with room under them for the phone's bottom bar. */
  wide: "mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6 pb-24",
};

/**
 * A page of one column under its heading. Its `<main id="main">` is where the skip link lands (tabIndex -1 lets the
 * link move focus there), so each page has exactly one.
 */
export function Page({
  title,
  testId,
  column = "narrow",
  children,
}: {
  title: ReactNode;
  testId: string;
  column?: keyof typeof COLUMNS;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className={COLUMNS[column]} data-testid={testId}>
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {children}
    </main>
  );
}
