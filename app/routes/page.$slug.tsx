import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "../components/error-page";
import { textPageHeaders } from "../lib/cache-headers";
import { canonicalUrl } from "../lib/canonical";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { notFoundMeta, routeMeta } from "../lib/route-meta";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await context.origin.page({ slug: params.slug ?? "" });
  return { page, canonical: canonicalUrl(request, `/page/${page.slug}`) };
}

export const shouldRevalidate = catalogueShouldRevalidate;

export const headers = textPageHeaders;

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="content-page">
      <h1 className="mb-4 text-2xl font-semibold text-ink">{page.title}</h1>
      <div
        className="store-html"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the allowlist sanitizer when the store was imported
        dangerouslySetInnerHTML={{ __html: page.content }}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? routeMeta(matches, {
        kind: "page",
        title: data.page.title,
        description: data.page.content.replace(/<[^>]*>/g, " ").replace(/\s+/g, " "),
        canonical: data.canonical,
      })
    : notFoundMeta(matches);

export const ErrorBoundary = ErrorPage;
