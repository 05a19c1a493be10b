/**
 * A small deterministic generator (mulberry32): the same seed gives the same numbers in [0, 1),
 * so a demo picture, a seeded volume of leads or a bench's questions come out the same every run.
 */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
