import { ErrorPage } from "../components/error-page";

export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
