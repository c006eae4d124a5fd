// autocannon ships no types; this covers what bench/lib/load.mjs uses.
declare module 'autocannon' {
  type Histogram = {
    min: number;
    max: number;
    average: number;
    stddev: number;
    total: number;
    p2_5: number;
    p50: number;
    p97_5: number;
    p99: number;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number | string }>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
