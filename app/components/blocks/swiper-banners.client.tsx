import { useState } from "react";
import { A11y, Autoplay, Keyboard, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper/types";
import "swiper/css";
import "swiper/css/pagination";
import type { Banner } from "../../../worker/store-data/store-data";
import { useT } from "../../i18n/use-t";
import { BannerImage } from "../banner-image";

/** Shoppers who ask the system for less motion get a carousel that moves only when they move it (WCAG 2.2.2, 2.3.3). */
function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The spec's banner carousel: one slide, autoplay every 3500 ms, 250 ms transitions, looping. It pauses while the
 * pointer is over it or focus is inside it, answers the arrow keys, and names its slides and bullets (Swiper's A11y).
 */
export default function SwiperBanners({ banners }: { banners: Banner[] }) {
  const t = useT();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const autoplay = !prefersReducedMotion();
  return (
    <section
      aria-roledescription={t("home.carousel")}
      aria-label={t("home.featured")}
      // Each bullet is a 24 px target (WCAG 2.5.8) that draws an 8 px dot: padding with the colour clipped to the content.
      className="[&_.swiper-pagination-bullet]:box-border [&_.swiper-pagination-bullet]:h-6 [&_.swiper-pagination-bullet]:w-6 [&_.swiper-pagination-bullet]:bg-clip-content [&_.swiper-pagination-bullet]:p-2"
      onFocus={() => swiper?.autoplay?.stop()}
      onBlur={(event) => {
        if (autoplay && !event.currentTarget.contains(event.relatedTarget as Node | null)) swiper?.autoplay?.start();
      }}
    >
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        onSwiper={setSwiper}
        slidesPerView={1}
        speed={250}
        loop
        autoplay={autoplay ? { delay: 3500, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        keyboard={{ enabled: true, onlyInViewport: true }}
        // The bullets' names in the page's language; Swiper puts the slide's number where `{{index}}` is.
        a11y={{ enabled: true, paginationBulletMessage: t("home.go_to_slide", { index: "{{index}}" }) }}
        pagination={{ clickable: true }}
        className="rounded-xl"
        data-testid="banner-swiper"
      >
        {banners.map((banner, i) => (
          <SwiperSlide key={banner.id}>
            <BannerImage banner={banner} eager={i === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
