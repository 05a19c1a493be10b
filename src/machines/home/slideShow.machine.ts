import { assign, setup } from "xstate";

/** The home banner carousel of SPEC.md section 9: 3000 ms per slide, a 2000 ms fade, looping. */
export const CAROUSEL_DELAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 2000;

export interface SlideShowInput {
  /** Whether the visitor asked their system for less motion. */
  readonly reducedMotion: boolean;
}

export type SlideShowEvent =
  | { readonly type: "slideShow.pause" }
  | { readonly type: "slideShow.play" }
  | { readonly type: "slideShow.motionChanged"; readonly reducedMotion: boolean };

/**
 * A banner carousel's slide show (WCAG 2.2.2): it moves by itself unless the visitor asked for less
 * motion, and its button pauses and resumes it. Moving the slides is the view's (Swiper in the
 * panel, the landing page's own fade): it provides `startAutoplay` and `stopAutoplay`.
 */
export const slideShowMachine = setup({
  types: {
    input: {} as SlideShowInput,
    context: {} as SlideShowInput,
    events: {} as SlideShowEvent,
  },
  actions: {
    /** The view starts moving the slides. */
    startAutoplay: () => {},
    /** The view stops moving the slides. */
    stopAutoplay: () => {},
    assignMotion: assign({ reducedMotion: (_, params: { reducedMotion: boolean }) => params.reducedMotion }),
  },
  guards: {
    prefersReducedMotion: ({ context }) => context.reducedMotion,
    asksForLessMotion: (_, params: { reducedMotion: boolean }) => params.reducedMotion,
  },
}).createMachine({
  id: "slideShow",
  description:
    "A banner carousel's slide show: it plays unless the visitor's system asks for less motion; its button pauses and resumes it.",
  context: ({ input }) => ({ reducedMotion: input.reducedMotion }),
  initial: "starting",
  states: {
    starting: {
      description: "The slide show has just appeared.",
      always: [
        { guard: "prefersReducedMotion", target: "paused", description: "Less motion asked for: the slides wait for a swipe or the play button." },
        { target: "playing", description: "The slides move by themselves." },
      ],
    },
    playing: {
      description: "A new slide fades in every few seconds; the button reads 'pause'.",
      entry: "startAutoplay",
      on: {
        "slideShow.pause": { target: "paused", description: "The visitor pressed pause: the slide shown stays." },
        "slideShow.motionChanged": [
          {
            guard: { type: "asksForLessMotion", params: ({ event }) => ({ reducedMotion: event.reducedMotion }) },
            target: "paused",
            actions: { type: "assignMotion", params: ({ event }) => ({ reducedMotion: event.reducedMotion }) },
            description: "The system now asks for less motion: the slide show stops.",
          },
          {
            actions: { type: "assignMotion", params: ({ event }) => ({ reducedMotion: event.reducedMotion }) },
            description: "The system no longer asks for less motion: it keeps playing.",
          },
        ],
      },
    },
    paused: {
      description: "The slide shown stays until a swipe; the button reads 'play'.",
      entry: "stopAutoplay",
      on: {
        "slideShow.play": { target: "playing", description: "The visitor pressed play: the slides move again." },
        "slideShow.motionChanged": {
          actions: { type: "assignMotion", params: ({ event }) => ({ reducedMotion: event.reducedMotion }) },
          description: "The system's motion setting changed: paused stays paused until the visitor plays.",
        },
      },
    },
  },
});
