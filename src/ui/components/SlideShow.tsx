import "swiper/css";
import "swiper/css/effect-fade";
import { useSyncExternalStore } from "react";
import { Autoplay, EffectFade } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import { CAROUSEL_DELAY_MS, CAROUSEL_SPEED_MS, type CarouselProps, carouselBox, SlideImage } from "./Carousel.tsx";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const motionQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;

const subscribeMotion = (onChange: () => void) => {
  const query = motionQuery();
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
};

/** Whether the visitor asked for less motion; the carousel then waits for a swipe instead of playing. */
const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(subscribeMotion, () => motionQuery()?.matches ?? false);

/** The Swiper slide show with the spec's constants, for two slides or more (its loop needs two). */
export default function SlideShow(props: CarouselProps) {
  const { slides, width, height, priority = false } = props;
  const reducedMotion = usePrefersReducedMotion();
  return (
    <Swiper
      tag="section"
      {...carouselBox(props)}
      modules={[Autoplay, EffectFade]}
      effect="fade"
      fadeEffect={{ crossFade: true }}
      speed={CAROUSEL_SPEED_MS}
      loop
      autoplay={reducedMotion ? false : { delay: CAROUSEL_DELAY_MS, disableOnInteraction: false }}
    >
      {slides.map((slide, index) => (
        <SwiperSlide key={slide.key} className="carousel-slide">
          <SlideImage slide={slide} index={index} width={width} height={height} priority={priority} />
          {slide.caption}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
