import type { Page } from "../../../worker/catalog/list-products";
import type { ProductCard } from "../../../worker/catalog/product-card";
import type { DesignElement } from "../../../worker/store-data/store-data";
import { BannerSlider } from "./banner-slider";
import { CategoryBlock } from "./category-blocks";
import { CustomHtmlBlock } from "./custom-html-block";
import { ProductBlock } from "./product-blocks";
import { ProductsInfiniteScroll } from "./products-infinite-scroll";
import { SearchBlock } from "./search-block";
import { SliderCentered } from "./slider-centered";
import { StaticBanner } from "./static-banner";

interface Props {
  blocks: DesignElement[];
  productsPage: Page<ProductCard> | null;
}

/** The store's design blocks in their configured order. */
export function HomeBlocks({ blocks, productsPage }: Props) {
  return (
    <div className="flex flex-col gap-8">
      {blocks.map((block) => {
        switch (block.code) {
          case "banner_slider":
            return <BannerSlider key={block.id} banners={block.data.banners} />;
          case "slider_centered":
            return <SliderCentered key={block.id} title={block.data.title} banners={block.data.banners} />;
          case "static_banner":
            return <StaticBanner key={block.id} banners={block.data.banners} />;
          case "search_block":
            return <SearchBlock key={block.id} placeholder={block.data.placeholder} />;
          case "categories_grid":
          case "categories_horizontal_strip":
            return <CategoryBlock key={block.id} code={block.code} title={block.data.title} categories={block.data.categories} />;
          case "products_display":
          case "product_horizontal_strip":
            return <ProductBlock key={block.id} code={block.code} title={block.data.title} products={block.data.products} />;
          case "custom_html_block":
            return <CustomHtmlBlock key={block.id} html={block.data.html} />;
          case "products_infinite_scroll":
            return productsPage ? <ProductsInfiniteScroll key={block.id} title={block.data.title} firstPage={productsPage} /> : null;
          default:
            return null;
        }
      })}
    </div>
  );
}
