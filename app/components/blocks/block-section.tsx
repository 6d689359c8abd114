import type { ReactNode } from "react";

/** A titled home block: its test id names the block's code, and the title the store gave it, if any, heads it. */
export function BlockSection({ code, title, id, children }: { code: string; title?: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} data-testid={`block-${code}`}>
      {title ? <h2 className="section-title">{title}</h2> : null}
      {children}
    </section>
  );
}
