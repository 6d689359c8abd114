import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { followOrderUpdates } from "./order-updates";

/**
 * Keeps an order page current (decision 051): while it is open with JavaScript, each move of the order (or of the
 * customer's orders, for `/api/order-updates` alone) reads the page's data again in place, and the answer is a
 * sentence for a polite live region. `path` null: nothing to follow (the order is final).
 */
export function useOrderUpdates(path: string | null): string {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (path === null) return;
    return followOrderUpdates(path, {
      moved(moves) {
        const last = moves.at(-1);
        if (last) setAnnouncement(`Order ${last.number} is now ${last.status_text.toLowerCase()}.`);
        revalidate.current();
      },
      resync: () => revalidate.current(),
    });
  }, [path]);
  return announcement;
}
