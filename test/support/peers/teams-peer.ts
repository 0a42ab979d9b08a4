import type { Request, Response } from 'express';
import { startHttpPeer, type HttpPeer, type PeerOptions } from './http-peer';

export interface TeamsPeer extends HttpPeer {
  /** The cards received, as posted (`{type: 'message', attachments: [...]}`). */
  messages: { via: 'connector' | 'workflow'; body: Record<string, unknown> }[];
  /** The connector's URL path (`/webhookb2/…/IncomingWebhook/…/…`). */
  connectorPath: string;
  /** The workflow's URL path and query, `sig` included. */
  workflowPathAndQuery: string;
  failNext(status: number, body: string | object): void;
}

const CONNECTOR =
  '/webhookb2/5f3e1c52-7d1b-4c36-9e0c-2a8c3b6d9f10@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/0c8f3d2e1a5b4c6d/7a1e2b3c-4d5e-6f70-8192-a3b4c5d6e7f8';
const WORKFLOW_ID = '3c7d2e1f0a9b48c6a5d4e3f2b1c0d9e8';
const SIG = 'kR4nD0mS1gnatur3V4lu3xyz';

/**
 * Microsoft Teams' webhooks as documented (https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/add-incoming-webhook):
 * - a connector `POST /webhookb2/…/IncomingWebhook/…/…` takes `{type: 'message', attachments: [{contentType:
 *   'application/vnd.microsoft.card.adaptive', content: AdaptiveCard}]}` and answers 200 `1`; a malformed card 400
 *   with text; an unknown webhook 404;
 * - a Workflows (Logic Apps) trigger `POST /workflows/<id>/triggers/manual/paths/invoke?api-version=…&sp=…&sv=…&sig=…`
 *   answers 202 with `x-ms-workflow-run-id`; without `sig` 401 `DirectApiAuthorizationRequired`, with a wrong one 401
 *   `DirectApiInvalidAuthorizationSignature` (Shared Access Signature of the trigger URL).
 */
export async function startTeamsPeer(options: PeerOptions = {}): Promise<TeamsPeer> {
  const messages: TeamsPeer['messages'] = [];
  const canned: { status: number; body: string | object }[] = [];
  let runs = 0;
  const peer = await startHttpPeer((app) => {
    app.use((_req: Request, res: Response, next) => {
      const answer = canned.shift();
      if (!answer) return next();
      res.status(answer.status);
      if (typeof answer.body === 'string') res.type('text/plain').send(answer.body);
      else res.json(answer.body);
    });
    app.post(/^\/webhookb2\/.+/, (req, res) => {
      if (req.path !== CONNECTOR) return void res.status(404).type('text/plain').send('Webhook not found');
      const problem = cardProblem(req.body);
      if (problem) return void res.status(400).type('text/plain').send(`Bad payload received by generic incoming webhook. ${problem}`);
      messages.push({ via: 'connector', body: req.body as Record<string, unknown> });
      res.type('text/plain').send('1');
    });
    app.post('/workflows/:id/triggers/manual/paths/invoke', (req, res) => {
      if (!req.query.sig) {
        return void res.status(401).json({
          error: { code: 'DirectApiAuthorizationRequired', message: 'The request must be authenticated only by Shared Access scheme.' },
        });
      }
      if (req.params.id !== WORKFLOW_ID || req.query.sig !== SIG) {
        return void res.status(401).json({
          error: { code: 'DirectApiInvalidAuthorizationSignature', message: 'The provided authorization signature is not valid.' },
        });
      }
      const problem = cardProblem(req.body);
      if (problem) return void res.status(400).json({ error: { code: 'InvalidRequestContent', message: problem } });
      messages.push({ via: 'workflow', body: req.body as Record<string, unknown> });
      res
        .status(202)
        .set('x-ms-workflow-run-id', `08584${String(++runs).padStart(15, '0')}`)
        .end();
    });
  }, options);
  return {
    ...peer,
    messages,
    connectorPath: CONNECTOR,
    workflowPathAndQuery: `/workflows/${WORKFLOW_ID}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${SIG}`,
    failNext: (status, body) => void canned.push({ status, body }),
  };
}

/** What Teams refuses of a message with an Adaptive Card. */
function cardProblem(body: unknown): string | null {
  const message = body as { type?: string; attachments?: { contentType?: string; content?: Record<string, unknown> }[] } | null;
  if (message?.type !== 'message') return "type must be 'message'";
  if (!Array.isArray(message.attachments) || message.attachments.length === 0) return 'attachments are required';
  for (const attachment of message.attachments) {
    if (attachment.contentType !== 'application/vnd.microsoft.card.adaptive') return `unsupported contentType ${String(attachment.contentType)}`;
    const card = attachment.content ?? {};
    if (card.type !== 'AdaptiveCard') return "content.type must be 'AdaptiveCard'";
    if (typeof card.version !== 'string' || !/^1\.[0-6]$/.test(card.version)) return 'content.version must be 1.0 to 1.6';
    if (!Array.isArray(card.body)) return 'content.body must be an array';
    for (const element of card.body as { type?: string; text?: unknown }[]) {
      if (element.type === 'TextBlock' && typeof element.text !== 'string') return 'TextBlock.text is required';
    }
    for (const action of (card.actions ?? []) as { type?: string; url?: unknown }[]) {
      if (action.type === 'Action.OpenUrl' && !/^https?:\/\//.test(String(action.url))) return 'Action.OpenUrl.url must be an absolute URL';
    }
  }
  return null;
}
