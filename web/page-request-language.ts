import { type InterfaceLanguage, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, shippedLanguageOf } from "../commerce/languages";

/**
 * The page's language (its catalogue's), as the Worker resolved it, on a form post as Remix gets it: what the form
 * reader refuses in (app/lib/form-reader.server.ts), since it reads the request, not the load context. Set by the
 * Worker over whatever the client sent.
 */
export const PAGE_LANGUAGE_HEADER = "X-Page-Language";

/** The language `remixRequest` put on a form post; the source language on any other request. */
export function pageLanguageOfRequest(request: Request): InterfaceLanguage {
  const named = request.headers.get(PAGE_LANGUAGE_HEADER);
  return named === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE : (shippedLanguageOf(named ?? "") ?? SOURCE_LANGUAGE);
}
