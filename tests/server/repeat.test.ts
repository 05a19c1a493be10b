import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatEvery } from "../../server/repeat.ts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A round that counts itself. */
const counted = () => {
  const rounds = { count: 0 };
  const round = async (): Promise<void> => {
    rounds.count += 1;
  };
  return { rounds, round };
};

describe("background rounds (server/repeat.ts)", () => {
  it("run the first round at once and then every interval", async () => {
    const { rounds, round } = counted();
    const stop = repeatEvery(1_000, round);
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds.count).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(rounds.count).toBe(3);
    await stop();
  });

  it("leave the first requests after a start the database: no round before firstAfterMs (decision 114)", async () => {
    const { rounds, round } = counted();
    const stop = repeatEvery(30_000, round, 2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(rounds.count).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.count).toBe(1);
    // the interval counts from the first round
    await vi.advanceTimersByTimeAsync(29_999);
    expect(rounds.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds.count).toBe(2);
    await stop();
  });

  it("run none once stopped, even when stopped before the first", async () => {
    const { rounds, round } = counted();
    const stop = repeatEvery(1_000, round, 2_000);
    await stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds.count).toBe(0);
  });
});
