import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SHOPPER_CACHE_CONTROL } from "../../web/cache-control";
import { ErrorPage } from "../components/error-page";
import { Price } from "../components/price";
import { PageProductForm } from "../components/product/page-product-form";
import { PincodeCheckForm as RenderedPincodeCheckForm } from "../components/product/pincode-check";
import { ProductUnavailable } from "../components/product/product-unavailable";
import { StarRating } from "../components/product/star-rating";
import { StockBadge } from "../components/product/stock-badge";
import { WishlistHeart } from "../components/product/wishlist-heart";
import { StoreImage } from "../components/store-image";
import { useT } from "../i18n/use-t";
import { withMessages } from "../i18n/with-messages";
import { addToCartAction } from "../lib/add-to-cart.server";
import { textPageHeaders } from "../lib/cache-headers";
import { canonicalUrl } from "../lib/canonical";
import { homeCrumb } from "../lib/catalogue-texts.server";
import { hydratedLater } from "../lib/hydrated-later";
import { imagePriority } from "../lib/image-priority";
import { IMAGE_SLOTS } from "../lib/image-sources";
import { checkPincode } from "../lib/pincode-check.server";
import { catalogueShouldRevalidate } from "../lib/revalidate";
import { notFoundMeta, routeMeta } from "../lib/route-meta";
import { getStoreData } from "../lib/store-data.server";
import { breadcrumbList, productJsonLd } from "../lib/structured-data";
import { useStore } from "../lib/use-store";
import type { ProductPageData } from "../route-data";

// The delivery check sits under the product and is a GET form that works without JavaScript: outside the page's initial
// JavaScript (decision 010's budget; decision 057).
const PincodeCheckForm = hydratedLater("pincode-check-form", import.meta.env.SSR ? RenderedPincodeCheckForm : null, () =>
  import("../components/product/pincode-check").then(withMessages).then((module) => module.PincodeCheckForm),
);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [product, pincodeCheck] = await Promise.all([context.origin.product({ slug: params.slug ?? "" }), checkPincode(context, request)]);
  const canonical = canonicalUrl(request, `/product/${product.slug}`);
  const { branches } = await getStoreData(context);
  const structuredData = [
    productJsonLd(product, canonical, context.settings.currency),
    breadcrumbList([
      { name: homeCrumb(context), url: canonicalUrl(request, "/") },
      ...(product.category ? [{ name: product.category.name, url: canonicalUrl(request, `/category/${product.category.slug}`) }] : []),
      { name: product.name, url: canonical },
    ]),
  ];
  // The shopper's branch by name when it does not sell the product: the page says so instead of offering to add it.
  const unavailableAt = product.available ? null : (branches.find((b) => b.id === context.shopper.branchId)?.name ?? "");
  const page: ProductPageData = { product, canonical, structuredData, unavailableAt, pincodeCheck };
  // A pincode the shopper asked about is where they are: that answer is theirs alone, kept nowhere.
  return pincodeCheck === null ? data(page) : data(page, { headers: { "Cache-Control": SHOPPER_CACHE_CONTROL } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return addToCartAction(context, request);
}

export const shouldRevalidate = catalogueShouldRevalidate;

export const headers = textPageHeaders;

export default function ProductPage() {
  const { product, unavailableAt, pincodeCheck } = useLoaderData<typeof loader>();
  const serverResult = useActionData<typeof action>();
  const isDigital = useStore()?.isDigital ?? false;
  const t = useT();
  const image = product.images[0];
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-6 pb-24" data-testid="product-page">
      {image ? (
        <StoreImage
          src={image}
          alt={product.name}
          shownAt={IMAGE_SLOTS.productPage}
          // The product's picture is the page's largest paint.
          {...imagePriority(true)}
          width={600}
          height={600}
          className="mb-4 aspect-square w-full rounded-xl bg-brand-s10 object-cover"
        />
      ) : null}
      {product.category ? (
        <Link to={`/category/${product.category.slug}`} className="text-sm text-brand hover:underline">
          {product.category.name}
        </Link>
      ) : null}
      <div className="mb-1 flex items-start justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">{product.name}</h1>
        <WishlistHeart product={product} />
      </div>
      {isDigital ? null : (
        <div className="mb-2">
          <Price amount={product.selling_price} original={product.original_price} />
          {unavailableAt === null ? <StockBadge level={product.stock} className="mt-1" /> : null}
        </div>
      )}
      {product.rating.rating_count > 0 ? (
        <Link to={`/product/reviews/${product.id}`} className="mb-3 inline-flex items-center gap-2 text-sm text-gray-600 hover:underline">
          <StarRating rating={product.rating.average_rating} size="text-sm" />
          {t("product.ratings_link", { average: product.rating.average_rating.toFixed(1), count: product.rating.rating_count })}
        </Link>
      ) : (
        <Link to={`/product/reviews/${product.id}`} className="mb-3 inline-block text-sm text-gray-600 hover:underline">
          {t("product.no_ratings")}
        </Link>
      )}
      {product.description ? <p className="mb-6 whitespace-pre-line text-gray-700">{product.description}</p> : null}
      {isDigital ? null : unavailableAt !== null ? (
        <ProductUnavailable branchName={unavailableAt} />
      ) : product.stock === "out_of_stock" ? null : (
        <PageProductForm key={product.id} product={product} serverResult={serverResult} />
      )}
      {isDigital ? null : <PincodeCheckForm action={`/product/${product.slug}`} check={pincodeCheck} />}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? routeMeta(matches, {
        kind: "product",
        title: data.product.name,
        description: data.product.description,
        canonical: data.canonical,
        image: data.product.images[0] ?? null,
        structuredData: data.structuredData,
      })
    : notFoundMeta(matches);

export const ErrorBoundary = ErrorPage;
