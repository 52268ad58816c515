// The part of autocannon's API the search benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p97_5: number;
    p99: number;
    total: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request) => Request }[];
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  /** A running benchmark: awaitable for the result, and an emitter of each response. */
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, latencyMs: number) => void): Instance;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
