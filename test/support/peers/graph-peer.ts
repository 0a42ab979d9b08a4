import type { Request, Response } from 'express';
import { startHttpPeer, type HttpPeer } from './http-peer';

export interface GraphPeer extends HttpPeer {
  tasks: { id: string; planId: string; bucketId: string; title: string; priority: number; description: string; etag: number }[];
  /** Issued app tokens plus the static user token. */
  tenant: string;
  clientId: string;
  clientSecret: string;
  userToken: string;
}

const graphError = (res: Response, status: number, code: string, message: string) => res.status(status).json({ error: { code, message } });

/**
 * Microsoft identity platform + Graph as documented, on one local server: POST /{tenant}/oauth2/v2.0/token
 * (client credentials), /v1.0/me (delegated tokens only), plans of a group or of me, buckets of a plan,
 * POST /v1.0/planner/tasks, and task details GET (ETag) / PATCH (If-Match required, 412 on a stale tag).
 */
export async function startGraphPeer(): Promise<GraphPeer> {
  const state = { tenant: 'contoso-tenant', clientId: 'client-1', clientSecret: 'graph-secret', userToken: 'user-token' };
  const appTokens = new Set<string>();
  const tasks: GraphPeer['tasks'] = [];
  const plans = [
    {
      id: 'plan-1',
      title: 'Incidents',
      owner: 'group-1',
      buckets: [
        { id: 'bucket-1', name: 'To do' },
        { id: 'bucket-2', name: 'Doing' },
      ],
    },
  ];
  let next = 1;
  const peer = await startHttpPeer((app) => {
    app.post('/:tenant/oauth2/v2.0/token', (req, res) => {
      const b = req.body as Record<string, string>;
      if (req.params.tenant !== state.tenant) {
        res.status(400).json({ error: 'invalid_request', error_description: `AADSTS90002: Tenant '${req.params.tenant}' not found.` });
        return;
      }
      if (b.grant_type !== 'client_credentials') {
        res.status(400).json({ error: 'unsupported_grant_type', error_description: 'AADSTS70003: The app requested an unsupported grant type.' });
        return;
      }
      if (!b.scope?.endsWith('/.default')) {
        res.status(400).json({ error: 'invalid_scope', error_description: 'AADSTS1002012: The provided value for scope is not valid.' });
        return;
      }
      if (b.client_id !== state.clientId || b.client_secret !== state.clientSecret) {
        res.status(401).json({ error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' });
        return;
      }
      const token = `app-${next++}`;
      appTokens.add(token);
      res.json({ token_type: 'Bearer', expires_in: 3599, access_token: token });
    });
    app.use('/v1.0', (req: Request, res: Response, nextFn) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (token !== state.userToken && !appTokens.has(token)) {
        graphError(res, 401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid audience.');
        return;
      }
      res.locals.delegated = token === state.userToken;
      nextFn();
    });
    app.get('/v1.0/me', (_req, res) => {
      if (!res.locals.delegated) return graphError(res, 400, 'BadRequest', '/me request is only valid with delegated authentication flow.');
      res.json({ id: 'user-1', displayName: 'Console User', userPrincipalName: 'user@contoso.com' });
    });
    app.get('/v1.0/me/planner/plans', (_req, res) => {
      if (!res.locals.delegated) return graphError(res, 400, 'BadRequest', '/me request is only valid with delegated authentication flow.');
      res.json({ value: plans.map((p) => ({ id: p.id, title: p.title, owner: p.owner })) });
    });
    app.get('/v1.0/groups/:group/planner/plans', (req, res) => {
      res.json({ value: plans.filter((p) => p.owner === req.params.group).map((p) => ({ id: p.id, title: p.title, owner: p.owner })) });
    });
    app.get('/v1.0/planner/plans/:plan/buckets', (req, res) => {
      const plan = plans.find((p) => p.id === req.params.plan);
      if (!plan) return graphError(res, 404, 'NotFound', 'The requested item is not found.');
      res.json({ value: plan.buckets.map((b) => ({ ...b, planId: plan.id })) });
    });
    app.post('/v1.0/planner/tasks', (req, res) => {
      const b = req.body as Record<string, unknown>;
      const plan = plans.find((p) => p.id === b.planId);
      if (!plan) return graphError(res, 400, 'BadRequest', "The plan id is invalid or the plan doesn't exist.");
      if (b.bucketId && !plan.buckets.some((bk) => bk.id === b.bucketId)) return graphError(res, 400, 'BadRequest', 'Invalid bucket id.');
      if (typeof b.title !== 'string' || !b.title) return graphError(res, 400, 'BadRequest', 'The title is required.');
      if (b.priority !== undefined && (!Number.isInteger(b.priority) || (b.priority as number) < 0 || (b.priority as number) > 10)) {
        return graphError(res, 400, 'BadRequest', 'Priority must be an integer between 0 and 10.');
      }
      const task = {
        id: `task-${next++}`,
        planId: plan.id,
        bucketId: String(b.bucketId ?? ''),
        title: b.title,
        priority: (b.priority as number) ?? 5,
        description: '',
        etag: 1,
      };
      tasks.push(task);
      res
        .status(201)
        .set('ETag', `W/"task-${task.etag}"`)
        .json({
          '@odata.etag': `W/"task-${task.etag}"`,
          id: task.id,
          planId: task.planId,
          bucketId: task.bucketId,
          title: task.title,
          priority: task.priority,
        });
    });
    app.get('/v1.0/planner/tasks/:id/details', (req, res) => {
      const task = tasks.find((t) => t.id === req.params.id);
      if (!task) return graphError(res, 404, 'NotFound', 'The requested item is not found.');
      const etag = `W/"details-${task.etag}"`;
      res.set('ETag', etag).json({ '@odata.etag': etag, id: task.id, description: task.description, previewType: 'automatic' });
    });
    app.patch('/v1.0/planner/tasks/:id/details', (req, res) => {
      const task = tasks.find((t) => t.id === req.params.id);
      if (!task) return graphError(res, 404, 'NotFound', 'The requested item is not found.');
      const ifMatch = req.headers['if-match'];
      if (!ifMatch) return graphError(res, 400, 'BadRequest', 'The If-Match header must be specified for this kind of request.');
      if (ifMatch !== `W/"details-${task.etag}"`)
        return graphError(res, 412, 'PreconditionFailed', 'The request does not match the current version of the item.');
      task.description = String((req.body as Record<string, unknown>).description ?? '');
      task.etag++;
      res.status(204).end();
    });
  });
  return { ...peer, tasks, ...state };
}
