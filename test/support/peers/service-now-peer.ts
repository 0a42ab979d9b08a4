import type { Request, Response } from 'express';
import { basicCredentials, startHttpPeer, type HttpPeer } from './http-peer';

export interface ServiceNowPeer extends HttpPeer {
  incidents: Record<string, unknown>[];
}

/**
 * ServiceNow Table API as documented: basic auth, JSON, POST /api/now/table/incident → 201 {result:{number,
 * sys_id, ...}}, GET /api/now/table/sys_user; errors as {error:{message, detail}, status:'failure'}.
 */
export async function startServiceNowPeer(user = 'console', password = 'snow-secret'): Promise<ServiceNowPeer> {
  const incidents: Record<string, unknown>[] = [];
  let next = 10001;
  const peer = await startHttpPeer((app) => {
    app.use('/api/now', (req: Request, res: Response, nextFn) => {
      const creds = basicCredentials(req);
      if (!creds || creds.user !== user || creds.password !== password) {
        res.status(401).json({ error: { message: 'User Not Authenticated', detail: 'Required to provide Auth information' }, status: 'failure' });
        return;
      }
      nextFn();
    });
    app.get('/api/now/table/sys_user', (req, res) => {
      const limit = Number(req.query.sysparm_limit ?? 10000);
      res.json({ result: [{ sys_id: '6816f79cc0a8016401c5a33be04be441', user_name: user, name: 'Console Integration' }].slice(0, limit) });
    });
    app.post('/api/now/table/incident', (req, res) => {
      if (!(req.headers['content-type'] ?? '').includes('application/json') || typeof req.body !== 'object' || Array.isArray(req.body)) {
        res.status(400).json({ error: { message: 'Exception while reading request', detail: 'The payload is not valid JSON.' }, status: 'failure' });
        return;
      }
      if (!req.body.short_description) {
        res.status(400).json({ error: { message: 'Mandatory field missing', detail: 'short_description is mandatory' }, status: 'failure' });
        return;
      }
      const record = { ...req.body, number: `INC00${next++}`, sys_id: Math.random().toString(16).slice(2).padEnd(32, '0'), state: '1' };
      incidents.push(record);
      res.status(201).json({ result: record });
    });
  });
  return { ...peer, incidents };
}
