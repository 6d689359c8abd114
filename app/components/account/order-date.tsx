import { useStoreClock } from "../../lib/use-store";

/** When an order event happened, in the store's time zone and locale ("2 Nov 2026", or with the time). */
export function OrderDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { timeZone, locale } = useStoreClock();
  const text = new Date(iso).toLocaleString(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(withTime ? { hour: "numeric", minute: "2-digit" } : {}),
    timeZone,
  });
  return <time dateTime={iso}>{text}</time>;
}
