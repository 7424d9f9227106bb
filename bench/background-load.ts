import autocannon from "autocannon";

export interface BackgroundLoad {
  stop(): void;
  /** autocannon's result, once stopped or after `seconds`. */
  finished: Promise<autocannon.Result>;
}

/**
 * GETs of `paths` in turn under `connections`, kept up while a scenario does something else
 * (an import, a reindex) and measures what the traffic saw.
 */
export function backgroundLoad(
  url: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
  headers?: Record<string, string>,
): BackgroundLoad {
  let next = 0;
  let settle!: (error: Error | null, result: autocannon.Result) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    settle = (error, result) => (error ? reject(error) : resolve(result));
  });
  const load = autocannon(
    {
      url,
      connections,
      duration: seconds,
      headers,
      requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    },
    (error, result) => settle(error, result),
  );
  return { stop: () => load.stop(), finished };
}
