// Prometheus metrics at /metrics: request latency here; job and webhook figures are
// added by the areas that own them.
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  requestDuration: client.Histogram<'method' | 'route' | 'status'>;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestDuration = new client.Histogram({
    name: 'podium_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  return { registry, requestDuration };
}
