import "./carousel.css";
import { lazy, type ReactNode, startTransition, Suspense, useState } from "react";


export interface Slide {
  readonly key: string;
  readonly src: string;
  /** The same image at other widths (destinationFormat.ts imageSrcSet), picked by the carousel's `sizes`. */
  readonly srcSet?: string;
  readonly alt: string;
  /** Shown over the image (the landing page's banner texts); the panel's thumbnails have none. */
  readonly caption?: ReactNode;
}

export interface CarouselProps {
  readonly slides: ReadonlyArray<Slide>;
  readonly label: string;
  readonly width: number;
  readonly height: number;
  /** How wide the carousel is drawn (an `<img sizes>`), where its slides have a `srcSet`. */
  readonly sizes?: string;
  /** The landing page's hero: the first image is fetched before anything else. */
  readonly priority?: boolean;
  readonly className?: string;
}

/** The carousel's box and name, the same before and after the slide show takes over. */
export const carouselBox = ({ className, label }: CarouselProps) => ({
  className: className === undefined ? "carousel" : `carousel ${className}`,
  "aria-label": label,
  "aria-roledescription": "carousel",
});

/**
 * One slide's image. The first loads at once (it is what shows first, and on the landing page it
 * is the largest paint), the others when the browser sees fit. Every image has its width and
 * height, and the box its proportions from CSS, so nothing moves when the images arrive.
 */
export function SlideImage({
  slide,
  index,
  width,
  height,
  sizes,
  priority,
  onLoaded,
}: {
  readonly slide: Slide;
  readonly index: number;
  readonly width: number;
  readonly height: number;
  readonly sizes: string | undefined;
  readonly priority: boolean;
  readonly onLoaded?: (image: HTMLImageElement) => void;
}) {
  return (
    <img
      sizes={sizes}
      srcSet={slide.srcSet}
      src={slide.src}
      alt={slide.alt}
      width={width}
      height={height}
      loading={index === 0 ? "eager" : "lazy"}
      fetchPriority={priority && index === 0 ? "high" : undefined}
      decoding={index === 0 ? "sync" : "async"}
      onLoad={onLoaded && ((event) => onLoaded(event.currentTarget))}
      onError={onLoaded && ((event) => onLoaded(event.currentTarget))}
    />
  );
}

// Swiper is most of the carousel's weight (about 25 KB compressed) and nothing moves before the
// first delay: the first slide is drawn without it, and the slide show loads once that image is
// on screen, so on the landing page it never competes with the largest paint.
const SlideShow = lazy(() => import("./SlideShow.tsx"));

/** Runs `then` once `image` is decoded and the frame showing it painted (or it failed to load). */
const afterShown = (image: HTMLImageElement, then: () => void) =>
  image.decode().then(
    () => requestAnimationFrame(() => setTimeout(then)),
    () => then(),
  );

/** A banner carousel: the first slide at once, then Swiper's fading slide show when there are more. */
export function Carousel(props: CarouselProps) {
  const { slides, width, height, sizes, priority = false } = props;
  const [firstShown, setFirstShown] = useState(false);
  const first = slides[0];
  // Swiper's loop needs two slides at least: one image is shown still
  const moving = slides.length > 1;
  // a transition keeps the first slide on screen while the slide show's code arrives
  const startSlideShow = (image: HTMLImageElement) =>
    afterShown(image, () => startTransition(() => setFirstShown(true)));
  return (
    <Suspense fallback={null}>
      {moving && firstShown ? (
        <SlideShow {...props} />
      ) : (
        <section {...carouselBox(props)}>
          {first !== undefined && (
            <div className="carousel-slide">
              <SlideImage
                slide={first}
                index={0}
                width={width}
                height={height}
                sizes={sizes}
                priority={priority}
                onLoaded={moving ? startSlideShow : undefined}
              />
              {first.caption}
            </div>
          )}
        </section>
      )}
    </Suspense>
  );
}
