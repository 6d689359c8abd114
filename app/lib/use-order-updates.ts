import { useFetchers, useMatches, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "../i18n/use-t";
import { followOrderUpdates } from "./order-updates";

/**
 * Keeps an order page current (decision 051): while it is open with JavaScript, each transition of the order (or of the
 * customer's orders, for `/api/order-updates` alone) reads the page's data again in place, and the answer is a
 * sentence for a polite live region. `path` null: nothing to follow (the order is final).
 */
export function useOrderUpdates(path: string | null): string {
  const refresh = useSerialRevalidate();
  const [announcement, setAnnouncement] = useState("");
  const t = useT();
  useEffect(() => {
    if (path === null) return;
    return followOrderUpdates(path, {
      transitioned(transitions) {
        const last = transitions.at(-1);
        if (last) setAnnouncement(t("orders.now_status", { number: last.number, status: last.status }));
        refresh();
      },
      resync: refresh,
    });
  }, [path, refresh, t]);
  return announcement;
}

/**
 * Reads the page's data again, one read at a time: a call while a read is under way is kept for when it ends. A second
 * revalidate would abort the first, which wastes a request and makes Remix log the aborted body to the console;
 * transitions often come in quick runs (the first connection's read, then placed → confirmed → out for delivery). A
 * revalidate also aborts every fetcher's load under way (the desktop dialog's home underlay loads as the page opens,
 * just when the socket's first resync comes), so a call while a fetcher is busy waits for it too.
 */
function useSerialRevalidate(): () => void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const fetchersBusy = useFetchers().some((fetcher) => fetcher.state !== "idle");
  const busy = useRef(fetchersBusy);
  busy.current = fetchersBusy;
  const running = useRef(false);
  const owed = useRef(false);
  const refresh = useCallback(() => {
    if (running.current || busy.current) {
      owed.current = true;
      return;
    }
    running.current = true;
    revalidate.current();
  }, []);
  // A read has ended when the revalidator is idle again, or (should React never have shown it loading) once the
  // new data arrived: revalidate marks it loading before it returns, so no render after the call is idle before then.
  const matches = useMatches();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `matches` is the new data's arrival, the second sign of an ended read
  useEffect(() => {
    if (revalidator.state !== "idle") return;
    running.current = false;
    if (owed.current && !fetchersBusy) {
      owed.current = false;
      refresh();
    }
  }, [revalidator.state, matches, fetchersBusy, refresh]);
  return refresh;
}
