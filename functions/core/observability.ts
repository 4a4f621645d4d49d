import type { MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { config } from './config';
import { logger } from './log';
import { METRICS_NAMESPACE, REQUESTS_METRIC, SERVER_ERRORS_METRIC } from './metric-names';

let metricsInstance: Metrics | undefined;

/** EMF metrics, written to the function's log and turned into CloudWatch metrics by Lambda. */
function metrics(): Metrics {
  metricsInstance ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: serviceName() });
  return metricsInstance;
}

/**
 * X-Ray segments for the handler (and outgoing HTTPS calls); only in AWS, where Lambda tracing
 * is active. Imported there only: the X-Ray SDK installs a promise hook (cls-hooked) when it
 * loads, which makes every `await` in the process about seven times slower, and the embedded
 * runtime, which serves every area in one process, traces nothing.
 */
async function tracingMiddleware(): Promise<AnyMiddleware> {
  const [{ Tracer }, { captureLambdaHandler }] = await Promise.all([
    import('@aws-lambda-powertools/tracer'),
    import('@aws-lambda-powertools/tracer/middleware'),
  ]);
  return captureLambdaHandler(new Tracer({ serviceName: serviceName() }));
}

/**
 * Puts the request id on every log line until the request ends (the observability middleware
 * resets the keys). AWS only: a Lambda process serves one request at a time, the embedded
 * runtime many at once, where the request line carries the id itself.
 */
export function correlate(requestId: string) {
  if (config.runtime === 'aws') logger().appendKeys({ requestId });
}

/** Counts one answered request of an area, and whether it was a server error (what the 5xx alarm sums). */
export function countRequest(status: number) {
  if (config.runtime !== 'aws') return;
  metrics().addMetric(REQUESTS_METRIC, MetricUnit.Count, 1);
  metrics().addMetric(SERVER_ERRORS_METRIC, MetricUnit.Count, status >= 500 ? 1 : 0);
}

const serviceName = () => config.serviceName;

/** Any handler's middleware: Powertools reads only the Lambda context and the response. */
type AnyMiddleware = MiddlewareObj<unknown, unknown>;

/**
 * The outermost middleware of a Lambda handler in AWS: the Lambda context and cold start on
 * every log line (keys appended during a request are reset after it), a trace segment around
 * the handler, and the metrics flushed at the end. On the embedded runtime it does nothing: no
 * X-Ray daemon, and metrics lines would only be noise in the terminal. The choice is made on
 * the first request, once the host has set RUNTIME.
 */
export function observability(): AnyMiddleware {
  let chain: AnyMiddleware[] | undefined;
  const resolve = async () =>
    (chain ??=
      config.runtime === 'aws'
        ? ([
            injectLambdaContext(logger(), { resetKeys: true }),
            await tracingMiddleware(),
            logMetrics(metrics(), { captureColdStartMetric: true }),
          ] as AnyMiddleware[])
        : []);
  const run =
    (phase: 'before' | 'after' | 'onError', order: (list: AnyMiddleware[]) => AnyMiddleware[]) =>
    async (request: Parameters<NonNullable<AnyMiddleware['before']>>[0]) => {
      for (const middleware of order(await resolve())) await middleware[phase]?.(request);
    };
  // Middy runs `after` and `onError` in reverse order of `use`: the same here.
  return {
    before: run('before', (list) => list),
    after: run('after', (list) => [...list].reverse()),
    onError: run('onError', (list) => [...list].reverse()),
  };
}
