import { Link, useRouteLoaderData } from "@remix-run/react";
import { useT } from "../../i18n/use-t";
import { IMAGE_SLOTS } from "../../lib/image-sources";
import type { RootData } from "../../route-data";
import { BannerSlider } from "../blocks/banner-slider";
import { CategoryTile } from "../category-tile";
import { MainLandmark } from "../main-landmark";
import { Price } from "../price";
import { StoreImage } from "../store-image";
import { previewImage, SAMPLE_BANNERS, SAMPLE_CATEGORIES, SAMPLE_PRODUCTS } from "./preview-samples";

/** Where the owner adds products and customises the theme: the store's admin origin, else the desk on its own host. */
export type AdminLinks = { addProduct: string; customizeTheme: string };

/**
 * What a store owner sees before adding a product: sample content and the way into the admin. The samples lead
 * nowhere (they have no pages) but to adding a product.
 */
export function PreviewHome({ admin }: { admin: AdminLinks }) {
  const t = useT();
  // The samples' pictures have their words drawn in: the page's language's set.
  const language = useRouteLoaderData<RootData>("root")?.language.messages ?? "en";
  const banners = SAMPLE_BANNERS.map((banner) => ({ ...banner, image: previewImage(banner.image, language) }));
  const categories = SAMPLE_CATEGORIES.map((category) => ({
    ...category,
    name: t(category.name),
    primary_image: previewImage(category.primary_image!, language),
  }));
  return (
    <MainLandmark className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-6 pb-24" data-testid="preview-home">
      <Link to="/search" className="block rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-gray-600">
        {t("shell.search_placeholder")}
      </Link>
      <section className="card flex flex-col items-start gap-3 p-6">
        <h1 className="text-2xl font-bold text-ink">{t("preview.welcome")}</h1>
        <p className="text-gray-600">{t("preview.text")}</p>
        <div className="flex flex-wrap gap-3">
          <a href={admin.addProduct} className="btn-brand">
            {t("preview.add_product")}
          </a>
          <a href={admin.customizeTheme} className="btn-outline">
            {t("preview.customize_theme")}
          </a>
        </div>
      </section>
      <BannerSlider banners={banners} />
      <section data-testid="preview-categories">
        <h2 className="section-title">{t("preview.categories")}</h2>
        <div className="grid grid-cols-4 gap-2 desktop:grid-cols-8">
          {categories.map((category) => (
            <CategoryTile key={category.id} category={category} linked={false} />
          ))}
        </div>
      </section>
      <section data-testid="preview-products">
        <h2 className="section-title">{t("preview.products")}</h2>
        <div className="grid grid-cols-2 gap-3 desktop:grid-cols-5">
          {SAMPLE_PRODUCTS.map((product) => (
            <article key={product.id} className="card flex flex-col overflow-hidden" data-testid="sample-product">
              <StoreImage
                src={previewImage(product.image, language)}
                alt=""
                shownAt={IMAGE_SLOTS.productCard}
                width={400}
                height={400}
                loading="lazy"
                className="aspect-square w-full bg-brand-s10"
              />
              <div className="flex flex-1 flex-col gap-2 p-3">
                <h3 className="text-sm font-medium">{t(product.name)}</h3>
                <Price amount={product.price} original={product.original_price} />
                <a href={admin.addProduct} className="btn-brand mt-auto text-sm">
                  {t("common.add_to_cart")}
                </a>
              </div>
            </article>
          ))}
        </div>
      </section>
      <section data-testid="preview-popular">
        <h2 className="section-title">{t("preview.popular_categories")}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the sample tiles are not links, so the strip itself takes focus and a keyboard can scroll it (WCAG 2.1.1). */}
        <div className="strip" tabIndex={0}>
          {categories.slice(0, 6).map((category) => (
            <CategoryTile key={category.id} category={category} linked={false} className="w-24 shrink-0 snap-start" />
          ))}
        </div>
      </section>
    </MainLandmark>
  );
}
