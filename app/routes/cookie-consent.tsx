import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { issueId } from "../../commerce/i18n/message";
import { withoutLanguagePrefix } from "../../commerce/languages";
import * as z from "../../commerce/zod";
import { readForm } from "../../web/form-reader";
import { FormMessage } from "../components/account/text-field";
import { ErrorPage } from "../components/error-page";
import { Page } from "../components/page";
import { ConsentForm } from "../components/plugins/consent-form";
import { useT } from "../i18n/use-t";
import { safeRedirectTo } from "../lib/account.server";
import { shopperHeaders } from "../lib/cache-headers";
import { pageTranslator } from "../lib/page-translator.server";
import { refused } from "../lib/refused.server";
import { privatePageMeta } from "../lib/route-meta";

/**
 * The cookie-consent plugin's page: the banner's Accept and Decline post here (a plain form, so it works without
 * JavaScript), and the shopper can come back to change their answer. Only a store with the plugin on has it.
 */

const consentForm = z.object({ answer: z.enum(["accepted", "declined"], { message: issueId("consent.choose") }) });

/** The store's words for the banner when it has some, else ours in the page's language. */
function consentSettings(context: LoaderFunctionArgs["context"]) {
  const { enabled, config } = context.settings.plugins;
  const t = pageTranslator(context);
  if (!enabled.includes("cookie_consent")) throw new Response(t("consent.not_found"), { status: 404 });
  return { text: config.cookie_consent.text || t("consent.default_text"), policyUrl: config.cookie_consent.policy_url || null };
}

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    ...consentSettings(context),
    answer: context.shopper.cookieConsent,
    title: pageTranslator(context)("consent.title"),
    prefix: context.language.prefix,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, consentForm);
  if (!form.ok) return refused({ ok: false, message: form.message, fields: form.fields });
  consentSettings(context);
  context.shopper.answerCookieConsent(form.data.answer);
  // Back to the page the banner was on. The form is a document post, so its Referer is that page's address even
  // after client-side navigations (which a hidden field rendered with the banner would not follow).
  const referer = request.headers.get("Referer");
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  // Without its language prefix, which the router's redirect adds (decision 078).
  const back = from && from.origin === new URL(request.url).origin ? withoutLanguagePrefix(from.pathname) + from.search : null;
  return redirect(safeRedirectTo(back, "/"), 303);
}

export const headers = shopperHeaders;

export default function CookieConsentPage() {
  const t = useT();
  const { text, policyUrl, answer, prefix } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Page title={t("consent.title")} testId="cookie-consent-page">
      <p id="consent-page-text" className="text-gray-700">
        {text}
      </p>
      <p className="text-gray-700" data-testid="consent-answer">
        {answer === "accepted" ? t("consent.accepted") : answer === "declined" ? t("consent.declined") : t("consent.not_answered")}
      </p>
      {policyUrl ? (
        <a href={policyUrl} className="text-brand underline">
          {t("consent.cookie_policy")}
        </a>
      ) : null}
      <FormMessage refusal={refusal ?? null} />
      <ConsentForm idPrefix="consent-page" prefix={prefix} />
    </Page>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePageMeta(matches, data?.title ?? "");

export const ErrorBoundary = ErrorPage;
