import { useT } from "../../i18n/use-t";
import { ConsentForm } from "./consent-form";

/**
 * The cookie-consent plugin's banner, shown until the shopper answers. It sits in the page's flow above the top nav,
 * not over the page, so it never covers what a shopper (or a test) means to press.
 */
export function CookieBanner({ text, policyUrl, prefix }: { text: string; policyUrl: string | null; prefix: string }) {
  const t = useT();
  return (
    <section aria-label={t("consent.banner_label")} className="border-b border-gray-200 bg-white" data-testid="cookie-banner">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 text-sm text-ink desktop:flex-row desktop:items-center desktop:justify-between">
        <p id="cookie-banner-text">
          {text}{" "}
          {policyUrl ? (
            <a href={policyUrl} className="text-brand underline">
              {t("consent.cookie_policy")}
            </a>
          ) : null}
        </p>
        <ConsentForm idPrefix="cookie-banner" prefix={prefix} />
      </div>
    </section>
  );
}
