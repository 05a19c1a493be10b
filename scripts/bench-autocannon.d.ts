/** The part of autocannon 8's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    readonly average: number;
    readonly p50: number;
    readonly p99: number;
  }
  interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
  }
  interface Result {
    readonly requests: Histogram;
    readonly latency: Histogram;
    readonly errors: number;
    readonly timeouts: number;
    readonly statusCodeStats: Record<string, { readonly count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
