/**
 * Date formatters, built once per isolate for each (locale, time zone, style) and reused: constructing an
 * Intl.DateTimeFormat costs far more than formatting with one, and a page formats many dates with the same few.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `key`, made by `make` the first time; one that throws (an unknown zone) is not kept. */
export function memoisedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

/** Whether `value` names a time zone this runtime knows (an IANA name such as Asia/Kolkata). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** When something happened, in the store's time zone and locale ("2 Nov 2026", or with the time). */
export function formatStoreDate(
  iso: string,
  { locale, timeZone, withTime = false }: { locale: string; timeZone: string; withTime?: boolean },
): string {
  const format = memoisedFormat(
    `date|${locale}|${timeZone}|${withTime}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: "numeric",
        month: "short",
        year: "numeric",
        ...(withTime ? { hour: "numeric", minute: "2-digit" } : {}),
        timeZone,
      }),
  );
  return format.format(new Date(iso));
}

/** The calendar day `at` falls on in a time zone (IANA name), as `YYYY-MM-DD`. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = memoisedFormat(
    `day|${timeZone}`,
    () => new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  ).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
