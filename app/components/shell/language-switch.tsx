import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { pathInLanguage } from "../../../commerce/languages";
import { useT } from "../../i18n/use-t";
import type { RootData } from "../../route-data";

/**
 * This page in the store's other languages (decision 078): plain links, since each language is its own address and its
 * own document (the router's basename is the language's prefix), so they work the same with and without JavaScript.
 */
export function LanguageSwitch({ className = "", testId }: { className?: string; testId: string }) {
  const t = useT();
  const root = useRouteLoaderData<RootData>("root");
  const { pathname, search } = useLocation();
  const languages = root?.language;
  if (!languages || languages.versions.length < 2) return null;
  return (
    <nav aria-label={t("shell.languages_label")} className={className} data-testid={testId}>
      <ul className="flex gap-3">
        {languages.versions.map((version) => {
          const current = version.tag === languages.tag;
          return (
            <li key={version.tag}>
              <a
                href={`${pathInLanguage(version.prefix, pathname)}${search}`}
                hrefLang={version.tag}
                lang={version.tag}
                aria-current={current ? "true" : undefined}
                className={current ? "font-semibold" : "underline"}
              >
                {version.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
