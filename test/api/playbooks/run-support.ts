import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaybookRunDetail } from '@contracts';
import { PlaybookRunWorker } from '../../../plugins/playbooks/gateway/run-worker.service';
import type { SignedInAgent, TestApp } from '../../support/test-app';

/** Shared by the playbook API suites: requests as a signed-in person, waiting for runs, loopback peers, processes. */

export const FINAL = ['completed', 'failed', 'cancelled'];

/** Requests with the person's session and CSRF token. */
export function as(who: SignedInAgent) {
  return {
    get: (url: string) => who.agent.get(url),
    post: (url: string, body: unknown = {}) =>
      who.agent
        .post(url)
        .set('x-csrf-token', who.csrf)
        .send(body as object),
    put: (url: string, body: unknown = {}) =>
      who.agent
        .put(url)
        .set('x-csrf-token', who.csrf)
        .send(body as object),
    patch: (url: string, body: unknown = {}) =>
      who.agent
        .patch(url)
        .set('x-csrf-token', who.csrf)
        .send(body as object),
    delete: (url: string) => who.agent.delete(url).set('x-csrf-token', who.csrf),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `GET /api/playbook/run/{id}` (waking the worker first, unless told not to) until the run is in one of the
 * statuses, or until `until` accepts it; bounded (not timed): fails after `tries` polls.
 */
export async function waitForRun(
  t: TestApp,
  who: SignedInAgent,
  runId: string,
  statuses: string[] | ((run: PlaybookRunDetail) => boolean) = FINAL,
  options: { wake?: boolean; tries?: number; everyMs?: number } = {},
): Promise<PlaybookRunDetail> {
  const accept = typeof statuses === 'function' ? statuses : (run: PlaybookRunDetail) => statuses.includes(run.status);
  let last: PlaybookRunDetail | null = null;
  for (let i = 0; i < (options.tries ?? 400); i++) {
    if (options.wake !== false) await t.app.get(PlaybookRunWorker).wake();
    const res = await who.agent.get(`/api/playbook/run/${runId}`);
    if (res.status !== 200) throw new Error(`GET run ${runId} answered ${res.status}: ${JSON.stringify(res.body)}`);
    last = res.body as PlaybookRunDetail;
    if (accept(last)) return last;
    await pause(options.everyMs ?? 50);
  }
  throw new Error(`run ${runId} did not reach ${typeof statuses === 'function' ? 'the expected state' : statuses.join('/')}: ${JSON.stringify(last)}`);
}

/** Polls a condition (bounded, not timed). */
export async function eventually<T>(probe: () => Promise<T> | T, accept: (value: T) => boolean, what: string, tries = 400, everyMs = 50): Promise<T> {
  let value: T | undefined;
  for (let i = 0; i < tries; i++) {
    value = await probe();
    if (accept(value)) return value;
    await pause(everyMs);
  }
  throw new Error(`${what} did not happen (last: ${JSON.stringify(value)})`);
}

export interface PeerHit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback HTTP server recording what it gets; `respond` decides the answer (200 `{"ok":true}` by default). */
export async function httpPeer(respond?: (hit: PeerHit, count: number) => { status: number; body?: unknown } | undefined) {
  const hits: PeerHit[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const hit = { method: req.method!, url: req.url!, headers: req.headers, body };
      hits.push(hit);
      const answer = respond?.(hit, hits.filter((h) => h.url === hit.url).length) ?? { status: 200, body: { ok: true } };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    hits,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pids of the processes whose command line contains `marker` (read from /proc; this process excluded). */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // A zombie has an empty command line: it is not running.
      if (cmdline.includes(marker)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A marker unique to one test, written into a script so its processes can be found (`sleep 30.<digits>`). */
export function sleepMarker(): string {
  return `30.${Math.floor(Math.random() * 1e9)
    .toString()
    .padStart(9, '1')}`;
}
