import { ErrorPage } from "../components/error-page";
import { catalogueHeaders } from "../lib/cache-headers";

/** Any path no other route claims is the not-found page, with status 404. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export const headers = catalogueHeaders;

export default function CatchAll() {
  return null;
}

export const ErrorBoundary = ErrorPage;
