import { type ReactNode, useEffect, useRef } from "react";

/** Makes its content unreachable (no focus, no clicks, hidden from assistive tech) while `when` holds. */
export function Inert({ when, children }: { when: boolean; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (element.current) element.current.inert = when;
  }, [when]);
  return <div ref={element}>{children}</div>;
}
