import { ErrorPage } from "../components/error-page";

/** Any path no other route claims is the not-found page, with status 404. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
