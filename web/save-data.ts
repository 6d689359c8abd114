/**
 * Whether the request asks to save data: the `Save-Data: on` client hint, sent by a browser whose data saver is on
 * (Chromium on Android, and extensions elsewhere). Pages leave out what only speeds things up at the cost of bytes
 * (the speculation rules, decision 069), and the page cache keeps such a page apart from the others.
 */
export function asksToSaveData(headers: Headers): boolean {
  return headers.get("Save-Data")?.trim().toLowerCase() === "on";
}
