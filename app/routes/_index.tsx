import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { DesignElement } from "../../worker/store-data/store-data";
import { HomeBlocks } from "../components/blocks/home-blocks";
import { ErrorPage } from "../components/error-page";
import { PreviewHome } from "../components/preview/preview-home";
import { getStoreData, readOrigin } from "../lib/origin.server";

const NAV_CODES = new Set(["top_nav", "bottom_nav"]);
const MAX_PAGE = 100_000;

/** `?page=N` from the no-JavaScript "Load more" link; anything unusable means the first page. */
function requestedPage(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { layout, settings } = await getStoreData(context);
  if (settings.addedProduct !== "true") return { preview: true as const };
  const blocks = layout.filter((e): e is DesignElement => e.type === "designElement" && !NAV_CODES.has(e.code));
  const infinite = blocks.find((b) => b.code === "products_infinite_scroll");
  const productsPage =
    infinite?.code === "products_infinite_scroll"
      ? await readOrigin(
          await context.origin.api["get-products"].$get({
            query: { page: String(requestedPage(request)), per_page: String(infinite.data.per_page) },
          }),
        )
      : null;
  return { preview: false as const, blocks, productsPage, branchId: context.shopper.branchId };
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  // A store owner previewing the store inside the admin's frame sees the real home, not the preview.
  const [embedded, setEmbedded] = useState(false);
  useEffect(() => setEmbedded(window.self !== window.top), []);
  if (data.preview) return embedded ? <main className="mx-auto max-w-6xl px-4 py-6" /> : <PreviewHome />;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 pb-24" data-testid="home">
      <HomeBlocks blocks={data.blocks} productsPage={data.productsPage} branchId={data.branchId} />
    </main>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
