import { formatStoreDate } from "../../../commerce/date-format";
import { useStoreClock } from "../../lib/use-store";

/** When an order event happened, in the store's time zone and locale ("2 Nov 2026", or with the time). */
export function OrderDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const { timeZone, locale } = useStoreClock();
  return <time dateTime={iso}>{formatStoreDate(iso, { locale, timeZone, withTime })}</time>;
}
