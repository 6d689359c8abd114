import type { Banner } from "../../../worker/store-data/store-data";
import { BannerImage } from "../banner-image";

/** Banners centred one at a time with their neighbours peeking in; CSS scroll snapping, no script needed. */
export function SliderCentered({ title, banners }: { title?: string; banners: Banner[] }) {
  return (
    <section data-testid="block-slider_centered">
      {title ? <h2 className="section-title">{title}</h2> : null}
      <div className="strip px-[10%]">
        {banners.map((banner) => (
          <div key={banner.id} className="w-4/5 shrink-0 snap-center md:w-3/5">
            <BannerImage banner={banner} />
          </div>
        ))}
      </div>
    </section>
  );
}
