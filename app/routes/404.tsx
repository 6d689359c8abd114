import { ErrorPage } from "../components/error-page";
import { catalogueHeaders } from "../lib/cache-headers";

export function loader() {
  throw new Response("Not found", { status: 404 });
}

export const headers = catalogueHeaders;

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = ErrorPage;
