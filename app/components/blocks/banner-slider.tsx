import { lazy, Suspense, useEffect, useState } from "react";
import type { Banner } from "../../../worker/store-data/store-data";
import { useT } from "../../i18n/use-t";
import { withMessages } from "../../i18n/with-messages";
import { BannerImage } from "../banner-image";

// Swiper is fetched only on pages that have a slider, and only after hydration.
const SwiperBanners = lazy(() => import("./swiper-banners.client").then(withMessages));

/** Without JavaScript the banners are a swipeable scroll-snap strip; with it, Swiper autoplays them. */
function StaticBanners({ banners }: { banners: Banner[] }) {
  return (
    // Focusable so a keyboard can scroll it when no banner in it is a link (WCAG 2.1.1).
    <div className="strip" data-testid="banner-strip" tabIndex={banners.some((b) => b.href) ? undefined : 0}>
      {banners.map((banner, i) => (
        <div key={banner.id} className="w-full shrink-0 snap-center">
          <BannerImage banner={banner} eager={i === 0} />
        </div>
      ))}
    </div>
  );
}

export function BannerSlider({ banners }: { banners: Banner[] }) {
  const t = useT();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const fallback = <StaticBanners banners={banners} />;
  return (
    <section aria-label={t("home.offers")} data-testid="block-banner_slider">
      {enhanced && banners.length > 1 ? (
        <Suspense fallback={fallback}>
          <SwiperBanners banners={banners} />
        </Suspense>
      ) : (
        fallback
      )}
    </section>
  );
}
