// autocannon ships no types; the benchmark uses this much of it.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: Array<Record<string, unknown>>;
    }
    interface Result {
      latency: { p50: number; p99: number; average: number };
      throughput: { total: number };
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
