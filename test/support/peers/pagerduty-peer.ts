import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { startHttpPeer, type HttpPeer, type PeerOptions } from './http-peer';

export interface PagerDutyAlert {
  dedup_key: string;
  status: 'triggered' | 'acknowledged' | 'resolved';
  /** Trigger events received for it (repeats while open join it). */
  triggers: number;
  payload: Record<string, unknown>;
  links: unknown[];
}

export interface PagerDutyPeer extends HttpPeer {
  alerts: PagerDutyAlert[];
  failNext(status: number, body: object | string): void;
}

const SEVERITIES = ['critical', 'error', 'warning', 'info'];
const ACTIONS = ['trigger', 'acknowledge', 'resolve'];

/**
 * PagerDuty's Events API v2 as documented (https://developer.pagerduty.com/docs/events-api-v2/overview/):
 * `POST /v2/enqueue` with JSON `{routing_key, event_action: trigger|acknowledge|resolve, dedup_key, payload: {summary
 * (≤ 1024), source, severity: critical|error|warning|info, …}, links, images}` answers 202 `{status: 'success',
 * message: 'Event processed', dedup_key}`; an invalid event 400 `{status: 'invalid event', message: 'Event object is
 * invalid', errors: [...]}` (an unknown integration key: `Invalid routing key`); too many events 429. The key is the
 * authentication: there is no header.
 */
export async function startPagerDutyPeer(routingKey = 'R0123456789abcdefABCDEF012345678', options: PeerOptions = {}): Promise<PagerDutyPeer> {
  const alerts: PagerDutyAlert[] = [];
  const canned: { status: number; body: object | string }[] = [];
  const invalid = (res: Response, errors: string[]) => void res.status(400).json({ status: 'invalid event', message: 'Event object is invalid', errors });

  const peer = await startHttpPeer((app) => {
    app.post('/v2/enqueue', (req: Request, res: Response) => {
      const failure = canned.shift();
      if (failure) {
        res.status(failure.status);
        return void (typeof failure.body === 'string' ? res.type('text/plain').send(failure.body) : res.json(failure.body));
      }
      if (!req.is('application/json')) return invalid(res, ['Content-Type must be application/json']);
      const event = (req.body ?? {}) as {
        routing_key?: unknown;
        event_action?: unknown;
        dedup_key?: unknown;
        payload?: { summary?: unknown; source?: unknown; severity?: unknown } & Record<string, unknown>;
        links?: unknown;
      };
      if (typeof event.routing_key !== 'string' || !event.routing_key) return invalid(res, ["'routing_key' is missing or blank"]);
      if (event.routing_key.length !== 32) return invalid(res, ["'routing_key' must be 32 characters"]);
      if (event.routing_key !== routingKey) return invalid(res, ['Invalid routing key']);
      const errors: string[] = [];
      if (!ACTIONS.includes(String(event.event_action))) errors.push("'event_action' is invalid (must be one of: trigger, acknowledge, resolve)");
      if (event.dedup_key !== undefined && (typeof event.dedup_key !== 'string' || event.dedup_key.length > 255))
        errors.push("'dedup_key' must be at most 255 characters");
      if (event.event_action !== 'trigger' && !event.dedup_key) errors.push("'dedup_key' is required for acknowledge and resolve");
      if (event.event_action === 'trigger') {
        const payload = event.payload;
        if (!payload || typeof payload !== 'object') errors.push("'payload' is missing or blank");
        else {
          if (typeof payload.summary !== 'string' || !payload.summary) errors.push("'payload.summary' is missing or blank");
          else if (payload.summary.length > 1024) errors.push("'payload.summary' must be at most 1024 characters");
          if (typeof payload.source !== 'string' || !payload.source) errors.push("'payload.source' is missing or blank");
          if (!SEVERITIES.includes(String(payload.severity))) errors.push("'payload.severity' is invalid (must be one of: critical, error, warning, info)");
        }
        if (event.links !== undefined && !Array.isArray(event.links)) errors.push("'links' must be an array");
      }
      if (errors.length) return invalid(res, errors);
      const dedupKey = (event.dedup_key as string | undefined) ?? randomUUID().replace(/-/g, '');
      const open = alerts.find((a) => a.dedup_key === dedupKey && a.status !== 'resolved');
      if (event.event_action === 'trigger') {
        if (open) open.triggers++;
        else alerts.push({ dedup_key: dedupKey, status: 'triggered', triggers: 1, payload: event.payload!, links: (event.links as unknown[]) ?? [] });
      } else if (open) open.status = event.event_action === 'resolve' ? 'resolved' : 'acknowledged';
      res.status(202).json({ status: 'success', message: 'Event processed', dedup_key: dedupKey });
    });
  }, options);
  return { ...peer, alerts, failNext: (status, body) => void canned.push({ status, body }) };
}
