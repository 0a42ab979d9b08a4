import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { startHttpPeer, type HttpPeer, type PeerOptions } from './http-peer';

export interface OpsgenieAlert {
  alias: string;
  message: string;
  description?: string;
  priority: string;
  tags: string[];
  details: Record<string, string>;
  entity?: string;
  source?: string;
  status: 'open' | 'closed';
  /** How many create requests this alert stands for (Opsgenie de-duplicates by alias while open). */
  count: number;
}

export interface OpsgeniePeer extends HttpPeer {
  alerts: OpsgenieAlert[];
  failNext(status: number, body: object): void;
}

const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'];

/**
 * Opsgenie's Alert API as documented (https://docs.opsgenie.com/docs/alert-api, https://docs.opsgenie.com/docs/api-overview):
 * `Authorization: GenieKey <key>` on every call (a malformed key 422 `Key format is not valid!`, another key 401
 * `Could not authenticate`); `POST /v2/alerts` (message required, ≤ 130; alias ≤ 512; description ≤ 15000; priority
 * P1–P5; ≤ 20 tags of ≤ 50; details a string map) and `POST /v2/alerts/{identifier}/close?identifierType=alias|id|tiny`
 * answer 202 `{result: 'Request will be processed', took, requestId}`; a bad body 422 `{message: 'Request body is not
 * processable. Please check the errors.', errors: {field: why}, took, requestId}`. An open alert with the same alias
 * takes the new request as a repeat (count + 1).
 */
export async function startOpsgeniePeer(apiKey = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b', options: PeerOptions = {}): Promise<OpsgeniePeer> {
  const alerts: OpsgenieAlert[] = [];
  const canned: { status: number; body: object }[] = [];
  const answer = (res: Response, status: number, body: object) => void res.status(status).json({ ...body, took: 0.003, requestId: randomUUID() });

  const peer = await startHttpPeer((app) => {
    app.use('/v2', (req: Request, res: Response, next) => {
      const header = req.headers.authorization ?? '';
      const key = /^GenieKey (.+)$/.exec(header)?.[1];
      if (!key) return answer(res, 401, { message: 'Could not authenticate' });
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return answer(res, 422, { message: 'Key format is not valid!' });
      if (key !== apiKey) return answer(res, 401, { message: 'Could not authenticate' });
      const failure = canned.shift();
      if (failure) return void res.status(failure.status).json(failure.body);
      next();
    });
    app.post('/v2/alerts', (req, res) => {
      const body = (req.body ?? {}) as Partial<OpsgenieAlert> & Record<string, unknown>;
      const errors: Record<string, string> = {};
      if (typeof body.message !== 'string' || !body.message.trim()) errors.message = 'Message can not be empty.';
      else if (body.message.length > 130) errors.message = 'Message can not be longer than 130 characters.';
      if (body.alias !== undefined && (typeof body.alias !== 'string' || body.alias.length > 512))
        errors.alias = 'Alias can not be longer than 512 characters.';
      if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 15000)) {
        errors.description = 'Description can not be longer than 15000 characters.';
      }
      if (body.priority !== undefined && !PRIORITIES.includes(String(body.priority))) errors.priority = 'Priority should be one of [P1, P2, P3, P4, P5]';
      if (body.tags !== undefined && (!Array.isArray(body.tags) || body.tags.length > 20 || body.tags.some((t) => typeof t !== 'string' || t.length > 50))) {
        errors.tags = 'Tags can be at most 20, each at most 50 characters.';
      }
      if (body.details !== undefined && (typeof body.details !== 'object' || Object.values(body.details ?? {}).some((v) => typeof v !== 'string'))) {
        errors.details = 'Details should be a map of strings.';
      }
      if (Object.keys(errors).length) return answer(res, 422, { message: 'Request body is not processable. Please check the errors.', errors });
      const alias = body.alias ?? randomUUID();
      const open = alerts.find((a) => a.alias === alias && a.status === 'open');
      if (open) open.count++;
      else {
        alerts.push({
          alias,
          message: body.message!,
          description: body.description,
          priority: body.priority ?? 'P3',
          tags: body.tags ?? [],
          details: body.details ?? {},
          entity: body.entity,
          source: body.source,
          status: 'open',
          count: 1,
        });
      }
      answer(res, 202, { result: 'Request will be processed' });
    });
    app.post('/v2/alerts/:identifier/close', (req, res) => {
      const type = String(req.query.identifierType ?? 'id');
      if (!['id', 'alias', 'tiny'].includes(type)) return answer(res, 422, { message: `Invalid identifier type [${type}]` });
      // Processed asynchronously: 202 whether or not such an alert is open.
      for (const alert of alerts) if (type === 'alias' && alert.alias === req.params.identifier) alert.status = 'closed';
      answer(res, 202, { result: 'Request will be processed' });
    });
  }, options);
  return { ...peer, alerts, failNext: (status, body) => void canned.push({ status, body }) };
}
