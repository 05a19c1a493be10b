import { createActor } from "xstate";
import { CAROUSEL_DELAY_MS, CAROUSEL_SPEED_MS, slideShowMachine } from "../../machines/home/slideShow.machine.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * The landing page's banner carousel (decision 070). Without JavaScript its slides are a row the
 * visitor swipes or scrolls; here they are stacked and one fades into the next, as SPEC.md
 * section 9 asks, once the first picture is on screen (before, the others would compete with it).
 * The slide-show machine decides when they move (its pause button, the system's reduced motion);
 * this view moves them: a slide shows CAROUSEL_DELAY_MS, then the next fades in for
 * CAROUSEL_SPEED_MS (landing.css). Slides not shown are inert, so screen readers and the keyboard
 * skip them.
 */
export const startCarousel = (carousel: HTMLElement, view: Window): void => {
  const track = carousel.querySelector<HTMLElement>(".carousel-track");
  const slides = [...carousel.querySelectorAll<HTMLElement>(".carousel-slide")];
  const toggle = carousel.querySelector<HTMLButtonElement>(".slide-show-toggle");
  if (track === null || toggle === null || slides.length < 2) return;
  let shown = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (index: number) => {
    shown = index;
    for (const [position, slide] of slides.entries()) {
      slide.classList.toggle("is-current", position === index);
      slide.inert = position !== index;
    }
  };
  const next = () => {
    show((shown + 1) % slides.length);
    timer = setTimeout(next, CAROUSEL_SPEED_MS + CAROUSEL_DELAY_MS);
  };
  const motion = view.matchMedia(REDUCED_MOTION);
  const actor = createActor(
    slideShowMachine.provide({
      actions: {
        startAutoplay: () => {
          clearTimeout(timer);
          timer = setTimeout(next, CAROUSEL_DELAY_MS);
        },
        stopAutoplay: () => clearTimeout(timer),
      },
    }),
    { input: { reducedMotion: motion.matches } },
  );
  actor.subscribe((snapshot) => {
    const label = snapshot.matches("playing") ? toggle.dataset.pause : toggle.dataset.play;
    toggle.setAttribute("aria-label", label ?? "");
    toggle.title = label ?? "";
    carousel.dataset.playing = String(snapshot.matches("playing"));
  });
  toggle.addEventListener("click", () => actor.send({ type: actor.getSnapshot().matches("playing") ? "slideShow.pause" : "slideShow.play" }));
  motion.addEventListener("change", () => actor.send({ type: "slideShow.motionChanged", reducedMotion: motion.matches }));
  // from a row to a stack: the first slide stays where it was, the row's scroll forgotten; the
  // fades begin once the stack is drawn, so no slide fades out of the row
  track.scrollLeft = 0;
  track.removeAttribute("tabindex");
  for (const [position, slide] of slides.entries()) slide.style.setProperty("--slide", String(position));
  show(0);
  carousel.classList.add("is-fading");
  view.requestAnimationFrame(() => carousel.classList.add("is-moving"));
  toggle.hidden = false;
  actor.start();
};
