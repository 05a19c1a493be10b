import "swiper/css";
import "swiper/css/effect-fade";
import "./carousel.css";
import { type ReactNode, useSyncExternalStore } from "react";
import { Autoplay, EffectFade } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";

/** The home banner carousel of SPEC.md section 9: 3000 ms per slide, a 2000 ms fade, looping. */
export const CAROUSEL_DELAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 2000;

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

export interface Slide {
  readonly key: string;
  readonly src: string;
  readonly alt: string;
  /** Shown over the image (the landing page's banner texts); the panel's thumbnails have none. */
  readonly caption?: ReactNode;
}

/**
 * A Swiper carousel with the spec's constants. The first image loads at once (it is what shows
 * first, and on the landing page it is the largest paint), the others when the browser sees fit.
 * The box takes its proportions from CSS (`.carousel` and the caller's class), and every image has
 * its width and height, so nothing moves when the images arrive.
 */
export function Carousel({
  slides,
  label,
  width,
  height,
  priority = false,
  className,
}: {
  readonly slides: ReadonlyArray<Slide>;
  readonly label: string;
  readonly width: number;
  readonly height: number;
  /** The landing page's hero: the first image is fetched before anything else. */
  readonly priority?: boolean;
  readonly className?: string;
}) {
  const reducedMotion = usePrefersReducedMotion();
  // Swiper's loop needs two slides at least; one image is shown still
  const moving = slides.length > 1;
  return (
    <Swiper
      tag="section"
      className={className === undefined ? "carousel" : `carousel ${className}`}
      modules={[Autoplay, EffectFade]}
      effect="fade"
      fadeEffect={{ crossFade: true }}
      speed={CAROUSEL_SPEED_MS}
      loop={moving}
      autoplay={moving && !reducedMotion ? { delay: CAROUSEL_DELAY_MS, disableOnInteraction: false } : false}
      aria-label={label}
      aria-roledescription="carousel"
    >
      {slides.map((slide, index) => (
        <SwiperSlide key={slide.key}>
          <img
            src={slide.src}
            alt={slide.alt}
            width={width}
            height={height}
            loading={index === 0 ? "eager" : "lazy"}
            fetchPriority={priority && index === 0 ? "high" : undefined}
            decoding={index === 0 ? "sync" : "async"}
          />
          {slide.caption}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
