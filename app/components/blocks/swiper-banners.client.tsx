import { Autoplay, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/pagination";
import type { Banner } from "../../../worker/store-data/store-data";
import { BannerImage } from "../banner-image";

/** The spec's banner carousel: one slide, autoplay every 3500 ms, 250 ms transitions, looping. */
export default function SwiperBanners({ banners }: { banners: Banner[] }) {
  return (
    <Swiper
      modules={[Autoplay, Pagination]}
      slidesPerView={1}
      speed={250}
      loop
      autoplay={{ delay: 3500, disableOnInteraction: false, pauseOnMouseEnter: true }}
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
  );
}
