import "swiper/css";
import "swiper/css/effect-fade";
import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Swiper as SwiperInstance } from "swiper";
import { Autoplay, EffectFade } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import { CAROUSEL_DELAY_MS, CAROUSEL_SPEED_MS, slideShowMachine } from "../../machines/home/slideShow.machine.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { type CarouselProps, carouselBox, SlideImage } from "./Carousel.tsx";
import { Icon } from "../shared/icons.tsx";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const motionQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;

/**
 * The Swiper slide show with the spec's constants, for two slides or more (its loop needs two),
 * and a button that pauses and resumes it (the slide-show machine decides; Swiper moves).
 */
export default function SlideShow(props: CarouselProps) {
  const { slides, width, height, sizes, priority = false } = props;
  const { t } = useTranslation();
  const swiper = useRef<SwiperInstance | null>(null);
  const [logic] = useState(() =>
    slideShowMachine.provide({
      actions: {
        startAutoplay: () => swiper.current?.autoplay.start(),
        stopAutoplay: () => swiper.current?.autoplay.stop(),
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { reducedMotion: motionQuery()?.matches ?? false } });
  const playing = useSelector(actor, (snapshot) => snapshot.matches("playing"));

  useEffect(() => {
    const query = motionQuery();
    const changed = () => actor.send({ type: "slideShow.motionChanged", reducedMotion: query?.matches ?? false });
    query?.addEventListener("change", changed);
    return () => query?.removeEventListener("change", changed);
  }, [actor]);

  return (
    <div className="slide-show">
      <Swiper
        tag="section"
        {...carouselBox(props)}
        modules={[Autoplay, EffectFade]}
        effect="fade"
        fadeEffect={{ crossFade: true }}
        speed={CAROUSEL_SPEED_MS}
        loop
        autoplay={{ delay: CAROUSEL_DELAY_MS, disableOnInteraction: false }}
        onSwiper={(instance) => {
          swiper.current = instance;
          // the machine may have decided before Swiper was there
          if (!actor.getSnapshot().matches("playing")) instance.autoplay.stop();
        }}
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={slide.key} className="carousel-slide">
            <SlideImage slide={slide} index={index} width={width} height={height} sizes={sizes} priority={priority} />
            {slide.caption}
          </SwiperSlide>
        ))}
      </Swiper>
      <button
        type="button"
        className="slide-show-toggle"
        aria-label={playing ? t("carousel.pause") : t("carousel.play")}
        title={playing ? t("carousel.pause") : t("carousel.play")}
        onClick={() => actor.send({ type: playing ? "slideShow.pause" : "slideShow.play" })}
      >
        <Icon name={playing ? "pause" : "play"} />
      </button>
    </div>
  );
}
