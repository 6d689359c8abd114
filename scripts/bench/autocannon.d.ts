// autocannon 8 ships no types and @types/autocannon is not a dependency: just the part of the API the bench uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds; ignored when `amount` is set. */
      duration?: number;
      amount?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /**
       * A sequence each connection sends in turn, over and over. setupRequest may rewrite a request from the context
       * (fresh per pass over the sequence); onResponse sees each answer, with header names as the server sent them.
       */
      requests?: {
        method?: string;
        path?: string;
        headers?: Record<string, string>;
        body?: string;
        // biome-ignore lint/suspicious/noExplicitAny: autocannon passes its own request object through
        setupRequest?: (req: any, context: Record<string, unknown>) => any;
        onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
      }[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      total: number;
    }
    interface Result {
      duration: number;
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
      statusCodeStats: Record<string, { count: number }>;
    }
    /** The run is both an event emitter and a promise of its result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
