import { useT } from "../../i18n/use-t";

/**
 * The cookie-consent answer as a plain form (no JavaScript needed): it posts to /cookie-consent, which keeps the
 * answer in a cookie and sends the shopper back (303) to the page they were on.
 */
export function ConsentForm({ idPrefix }: { idPrefix: string }) {
  const t = useT();
  return (
    <form method="post" action="/cookie-consent" className="flex flex-wrap gap-2" aria-describedby={`${idPrefix}-text`}>
      <button type="submit" name="answer" value="accepted" className="btn-brand" data-testid="consent-accept">
        {t("consent.accept")}
      </button>
      <button type="submit" name="answer" value="declined" className="btn-outline" data-testid="consent-decline">
        {t("consent.decline")}
      </button>
    </form>
  );
}
