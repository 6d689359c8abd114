import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { adminLinks } from "../../commerce/admin-origin";
import type { DesignElement } from "../../worker/store-data/store-data";
import { ErrorPage } from "../components/error-page";
import { HomeView } from "../components/home-view";
import { catalogueHeadersVarying } from "../lib/cache-headers";
import { LOCATION_PATH } from "../lib/location";
import { requestedPage } from "../lib/paging";
import { getStoreData } from "../lib/store-data.server";
import type { HomeData } from "../route-data";
import { rememberHome } from "../state/last-home";

const NAV_CODES = new Set(["top_nav", "bottom_nav"]);

export async function loader({ request, context }: LoaderFunctionArgs): Promise<HomeData> {
  const { layout, degraded } = await getStoreData(context);
  // No branch delivers where the visitor stands: the unserviceable screen hides the blocks (and the preview), so none is read.
  if (context.shopper.unserviceable) return { unserviceable: true };
  // The preview is for a store without products, outside a frame: the owner's admin frames the real home (spec). A
  // store whose data could not be read is not taken for one without products.
  const { addedProduct, adminOrigin } = context.settings;
  const preview = !addedProduct && !degraded && !context.framed ? adminLinks(adminOrigin) : null;
  // Plugin elements are not blocks: the root mounts the store's plugins on every page, in their order (decision 031).
  const blocks = layout.filter((e): e is DesignElement => e.type === "designElement" && !NAV_CODES.has(e.code));
  const infinite = blocks.find((b) => b.code === "products_infinite_scroll");
  const productsPage =
    infinite?.code === "products_infinite_scroll"
      ? await context.origin.products({ page: requestedPage(request), per_page: infinite.data.per_page })
      : null;
  return { unserviceable: false, preview, blocks, productsPage };
}

// The home changes only with its own ?page or a change of location; other navigations (and the desktop shell's copy
// of the home under a dialog, a fetcher of this route) keep what they have.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formAction }) =>
  formMethod === undefined ? nextUrl.pathname === "/" && currentUrl.search !== nextUrl.search : formAction === LOCATION_PATH;

// Framed or not is another page (the preview or the real home): a browser's copy is only good for the same.
export const headers = catalogueHeadersVarying("Sec-Fetch-Dest");

export default function Home() {
  const data = useLoaderData<typeof loader>();
  useEffect(() => rememberHome(data), [data]);
  return <HomeView data={data} />;
}

export const ErrorBoundary = ErrorPage;
