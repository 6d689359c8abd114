import type { Banner } from "../../../worker/store-data/store-data";
import { BannerImage } from "../banner-image";
import { BlockSection } from "./block-section";

/** Banners centred one at a time with their neighbours peeking in; CSS scroll snapping, no script needed. */
export function SliderCentered({ title, banners }: { title?: string; banners: Banner[] }) {
  return (
    <BlockSection code="slider_centered" title={title}>
      <div className="strip px-[10%]">
        {banners.map((banner) => (
          <div key={banner.id} className="w-4/5 shrink-0 snap-center desktop:w-3/5">
            <BannerImage banner={banner} />
          </div>
        ))}
      </div>
    </BlockSection>
  );
}
