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
    requests?: { setupRequest?: (request: Request) => Request }[];
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
