import { type ComponentType, lazy } from "react";
import { type Namespace, withTexts } from "../../i18n/index.ts";

/** A chunk's loader that fetches it once, and the chunk itself once it is there. */
export interface Chunk<T> {
  (): Promise<T>;
  readonly loaded: () => T | undefined;
}

/** A chunk's loader that fetches it once: the start's early fetch and the route's `lazy` share it. */
export const once = <T,>(load: () => Promise<T>): Chunk<T> => {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const fetchOnce = () => {
    loading ??= load().then((chunk) => {
      loaded = chunk;
      return chunk;
    });
    return loading;
  };
  return Object.assign(fetchOnce, { loaded: () => loaded });
};

/**
 * A chunk whose screen reads text groups of its own: every fetch asks for them too, so they come
 * with it in the language of the moment (the chunk itself is fetched once; a language chosen since
 * has the groups asked again, where a chunk fetched once with its texts would not).
 */
export const withGroups = <T,>(groups: Namespace | ReadonlyArray<Namespace>, chunk: Chunk<T>): Chunk<T> =>
  Object.assign(() => withTexts(groups, chunk()), { loaded: chunk.loaded });

/**
 * A screen whose chunk the start may have fetched already (./screenChunks.ts): drawn in the same
 * render when it is there, through `lazy` when it is not. `lazy` suspends on its first render even
 * for a chunk already fetched (its import answers a turn later), and React 19 then holds the
 * content back until 300 ms after the fallback showed (FALLBACK_THROTTLE_MS, react/react#36569):
 * a signed-in start waited that long, idle, before the screen asked its first read (decision 142).
 * Once the chunk is there the screen is always drawn directly, so it is never mounted twice.
 */
export const lazyChunk = <Props extends object>(chunk: Chunk<{ readonly default: ComponentType<Props> }>): ComponentType<Props> => {
  const Suspending = lazy(chunk);
  return function ChunkScreen(props: Props) {
    const Screen = chunk.loaded()?.default;
    return Screen === undefined ? <Suspending {...props} /> : <Screen {...props} />;
  };
};
