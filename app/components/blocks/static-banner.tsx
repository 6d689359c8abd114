import type { Banner } from "../../../worker/store-data/store-data";
import { BannerImage } from "../banner-image";

export function StaticBanner({ banners }: { banners: Banner[] }) {
  const banner = banners[0];
  return banner ? (
    <section data-testid="block-static_banner">
      <BannerImage banner={banner} />
    </section>
  ) : null;
}
