import type { Request, Response } from 'express';
import { basicCredentials, startHttpPeer, type HttpPeer } from './http-peer';

/** A message as ntfy keeps and answers it (https://docs.ntfy.sh/subscribe/api/#json-message-format). */
export interface NtfyMessage {
  id: string;
  time: number;
  expires: number;
  event: 'message';
  topic: string;
  title?: string;
  message: string;
  priority?: number;
  tags?: string[];
  click?: string;
  icon?: string;
  content_type?: 'text/markdown';
  /** Who published it: `user` of Basic, `token` of a Bearer token, null when anonymous. */
  publisher: string | null;
}

export interface NtfyPeer extends HttpPeer {
  messages: NtfyMessage[];
}

const TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const PRIORITIES: Record<string, number> = { min: 1, low: 2, default: 3, high: 4, max: 5, urgent: 5 };

/**
 * An ntfy server on 127.0.0.1 speaking its publish API (https://docs.ntfy.sh/publish/): a JSON body POSTed to the root
 * (`{topic, message, title, tags, priority, click, icon, markdown}`, checked as the server does) or a body POSTed/PUT
 * to `/<topic>` with the `Title`, `Priority`, `Tags`, `Click`, `Markdown` headers. Answers the message JSON, or ntfy's
 * error JSON (`{code, http, error}`). Topics in `protectedTopics` need Basic `users` or a Bearer token of `tokens`;
 * a topic named `status-<code>` answers that status (a server having a bad day).
 */
export async function startNtfyPeer(options: { users?: Record<string, string>; tokens?: string[]; protectedTopics?: string[] } = {}): Promise<NtfyPeer> {
  const messages: NtfyMessage[] = [];
  let next = 0;
  const fail = (res: Response, http: number, code: number, error: string) =>
    void res.status(http).json({ code, http, error, link: 'https://ntfy.sh/docs/publish/' });
  const publish = (req: Request, res: Response, fields: Record<string, unknown>) => {
    const auth = req.headers.authorization ?? '';
    let publisher: string | null = null;
    if (auth.startsWith('Bearer ')) {
      if (!(options.tokens ?? []).includes(auth.slice(7))) return fail(res, 401, 40101, 'unauthorized');
      publisher = `token:${auth.slice(7)}`;
    } else if (auth) {
      const basic = basicCredentials(req);
      if (!basic || options.users?.[basic.user] !== basic.password) return fail(res, 401, 40101, 'unauthorized');
      publisher = basic.user;
    }
    const topic = fields.topic;
    if (typeof topic !== 'string' || !TOPIC.test(topic)) return fail(res, 400, 40010, 'invalid request: topic invalid');
    if (options.protectedTopics?.includes(topic) && !publisher) return fail(res, 403, 40301, 'forbidden');
    const status = /^status-(\d{3})$/.exec(topic);
    if (status) return fail(res, Number(status[1]), Number(status[1]) * 100, `the server says ${status[1]}`);
    const { message, title, tags, click, icon, markdown } = fields;
    let priority = fields.priority;
    if (message !== undefined && typeof message !== 'string') return fail(res, 400, 40024, 'invalid request: request body must be message JSON');
    if (title !== undefined && typeof title !== 'string') return fail(res, 400, 40024, 'invalid request: request body must be message JSON');
    if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string'))) {
      return fail(res, 400, 40024, 'invalid request: request body must be message JSON');
    }
    if (typeof priority === 'string') priority = PRIORITIES[priority.toLowerCase()] ?? Number(priority);
    if (priority !== undefined && !(Number.isInteger(priority) && (priority as number) >= 1 && (priority as number) <= 5)) {
      return fail(res, 400, 40007, 'invalid priority');
    }
    if (click !== undefined && (typeof click !== 'string' || !/^(https?|mailto|geo):/.test(click))) return fail(res, 400, 40013, 'invalid click URL');
    if (markdown !== undefined && typeof markdown !== 'boolean') return fail(res, 400, 40024, 'invalid request: request body must be message JSON');
    const time = Math.floor(Date.now() / 1000);
    const stored: NtfyMessage = {
      id: `msg${String(++next).padStart(9, '0')}`,
      time,
      expires: time + 43200,
      event: 'message',
      topic,
      message: (message as string | undefined) || 'triggered',
      ...(title ? { title: title as string } : {}),
      ...(priority !== undefined ? { priority: priority as number } : {}),
      ...(tags ? { tags: tags as string[] } : {}),
      ...(click ? { click: click as string } : {}),
      ...(icon ? { icon: icon as string } : {}),
      ...(markdown ? { content_type: 'text/markdown' as const } : {}),
      publisher,
    };
    messages.push(stored);
    const { publisher: _who, ...answer } = stored;
    res.json(answer);
  };
  const peer = await startHttpPeer((app) => {
    app.post('/', (req, res) => {
      if (!req.is('application/json') || !req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
        return fail(res, 400, 40024, 'invalid request: request body must be message JSON');
      }
      publish(req, res, req.body as Record<string, unknown>);
    });
    app.all('/:topic', (req, res) => {
      if (req.method !== 'POST' && req.method !== 'PUT') return fail(res, 405, 40501, 'method not allowed');
      const header = (name: string) => (req.headers[name] as string | undefined) ?? undefined;
      const body = typeof req.body === 'string' ? req.body : req.body && Object.keys(req.body).length ? JSON.stringify(req.body) : '';
      publish(req, res, {
        topic: req.params.topic,
        message: body,
        title: header('title') ?? header('x-title'),
        priority: header('priority') ?? header('x-priority'),
        tags: header('tags')
          ?.split(',')
          .map((t) => t.trim()),
        click: header('click') ?? header('x-click'),
        markdown: header('markdown') ? /^(yes|true|1)$/i.test(header('markdown')!) : undefined,
      });
    });
  });
  return Object.assign(peer, { messages });
}
