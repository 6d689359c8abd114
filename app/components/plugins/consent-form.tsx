import { useT } from "../../i18n/use-t";

/**
 * The cookie-consent answer as a plain form (no JavaScript needed): it posts to /cookie-consent in the page's language
 * (`prefix`, decision 078), which keeps the answer in a cookie and sends the shopper back (303) to the page they were
 * on. Plain, not the router's: the banner is rendered apart from the page (store-plugins.server.tsx).
 */
export function ConsentForm({ idPrefix, prefix }: { idPrefix: string; prefix: string }) {
  const t = useT();
  return (
    <form method="post" action={`${prefix}/cookie-consent`} className="flex flex-wrap gap-2" aria-describedby={`${idPrefix}-text`}>
      <button type="submit" name="answer" value="accepted" className="btn-brand" data-testid="consent-accept">
        {t("consent.accept")}
      </button>
      <button type="submit" name="answer" value="declined" className="btn-outline" data-testid="consent-decline">
        {t("consent.decline")}
      </button>
    </form>
  );
}
