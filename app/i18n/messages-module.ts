/** The root's `modulepreload` link to the page's catalogue chunk, which entry.client.tsx imports (decision 077). */
export const MESSAGES_MODULE_ID = "i18n";
