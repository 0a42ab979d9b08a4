import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One Prometheus registry per process: default process metrics plus an HTTP request histogram. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration in seconds by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Labels use the matched route pattern (never the raw path) to keep cardinality bounded. */
export function recordHttpRequest(req: Request, res: Response, seconds: number): void {
  const route = req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : req.path.startsWith('/api/') ? 'unmatched' : 'static';
  httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
}

/** The request histogram as middleware (the request pipeline records it itself, with the request log). */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.on('finish', () => recordHttpRequest(req, res, Number(process.hrtime.bigint() - started) / 1e9));
  next();
}
