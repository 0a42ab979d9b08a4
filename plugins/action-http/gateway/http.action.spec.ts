import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ActionType } from '@contracts';
import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import { ACTION_TYPES } from '@gateway/core/playbooks';
import { actionContext } from '../../../test/support/action-context';
import { HttpAction, MAX_BODY_BYTES } from './http.action';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A peer on loopback: `/status/N` answers N, `/big` more than the cap, `/hang` never answers, else JSON of what it got. */
let server: http.Server;
let base: string;
const seen: Seen[] = [];
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const status = /^\/status\/(\d+)/.exec(req.url!);
      if (status) return res.writeHead(Number(status[1]), { 'content-type': 'text/plain' }).end(`answer ${status[1]}`);
      if (req.url === '/big') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES * 2) }));
      if (req.url === '/hang') return void hanging.push(res);
      if (req.url === '/text') return res.writeHead(200, { 'content-type': 'text/plain', 'x-peer': 'yes' }).end('plain words');
      res.writeHead(200, { 'content-type': 'application/json', 'x-peer': 'yes' }).end(JSON.stringify({ method: req.method, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => (seen.length = 0));

const action = new HttpAction();

describe('http action: validate', () => {
  it('is registered as the `http` action type and is not resumed', () => {
    expect(extensionsOf(HttpAction)).toEqual([{ point: ACTION_TYPES.id, id: 'http' }]);
    expect(action).toMatchObject({ type: 'http', retrySafe: false });
    expect((action as ActionType).runsCode).toBeUndefined();
  });

  it('takes a URL or a connection with method, headers, body and credentials', () => {
    expect(action.validate({ url: 'https://example.com/hook' })).toEqual([]);
    expect(
      action.validate({
        url: 'connection://alerts',
        method: 'post',
        headers: { 'X-A': '1' },
        body: { a: 1 },
        username: 'u',
        password: { valueFrom: { secretKeyRef: { name: 'c', key: 'password' } } },
      }),
    ).toEqual([]);
    expect(action.validate({ url: 'http://h', headers: [{ name: 'X-A', value: '1' }], body: 'text', insecureSkipVerify: true })).toEqual([]);
    // Rendered when the action runs: judged then.
    expect(
      action.validate({ url: '{{ .params.url }}', method: '{{ .params.method }}', headers: '$(params.headers)', insecureSkipVerify: '$(params.insecure)' }),
    ).toEqual([]);
    expect(action.validate({ url: 'https://{{ .config.name }}.internal/restart', insecureSkipVerify: 'true' })).toEqual([]);
  });

  it('names the field that is wrong', () => {
    expect(action.validate({})).toEqual(['url: required']);
    expect(action.validate({ url: 'ftp://h/x' })).toEqual(['url: must be an http:// or https:// URL or a connection:// reference']);
    expect(action.validate({ url: 'http://h', method: 'GET /x' })).toEqual(['method: must be an HTTP method such as GET or POST']);
    expect(action.validate({ url: 'http://h', headers: 'X-A: 1' })).toEqual(['headers: must be a map or a list of {name, value | valueFrom}']);
    expect(action.validate({ url: 'http://h', headers: [{ name: 'X-A' }] })).toEqual(['headers: must be a map or a list of {name, value | valueFrom}']);
    expect(action.validate({ url: 'http://h', password: ['x'] })).toEqual(['password: must be a value or a secret reference']);
    expect(action.validate({ url: 'http://h', insecureSkipVerify: 'yes' })).toEqual(['insecureSkipVerify: must be true or false']);
    expect(action.validate({ url: 'http://h', templateBody: true })).toEqual([
      'templateBody: not a field of http (url, method, headers, body, username, password, insecureSkipVerify)',
    ]);
  });
});

describe('http action: against a peer on loopback', () => {
  it('GETs by default and gives the code, headers, body and the body as JSON', async () => {
    const ctx = actionContext();
    const out = await action.run({ url: `${base}/items?x=1` }, ctx);
    expect(out.error).toBeNull();
    expect(out.result).toMatchObject({ code: 200, headers: { 'x-peer': 'yes', 'content-type': 'application/json' }, json: { method: 'GET', body: '' } });
    expect(JSON.parse(out.result.body as string)).toEqual({ method: 'GET', body: '' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/items?x=1' });
    expect(ctx.lines).toEqual([`GET ${base}/items?x=1`, 'HTTP 200 OK']);
  });

  it('sends the method, headers (values and references) and a text body', async () => {
    const resolveSecret = async (ref: unknown) =>
      JSON.stringify(ref) === JSON.stringify({ valueFrom: { secretKeyRef: { name: 'hook', key: 'password' } } }) ? 'tok' : null;
    const out = await action.run(
      {
        url: `${base}/hook`,
        method: 'put',
        headers: [
          { name: 'X-Token', valueFrom: { secretKeyRef: { name: 'hook', key: 'password' } } },
          { name: 'Content-Type', value: 'text/plain' },
        ],
        body: 'restart web-1',
      },
      actionContext({ resolveSecret }),
    );
    expect(out.error).toBeNull();
    expect(seen[0]).toMatchObject({ method: 'PUT', body: 'restart web-1', headers: { 'x-token': 'tok', 'content-type': 'text/plain' } });
  });

  it('sends a map or list body as JSON, and has no json when the answer is not JSON', async () => {
    await action.run({ url: `${base}/x`, method: 'POST', body: { replicas: 3 } }, actionContext());
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"replicas":3}', headers: { 'content-type': 'application/json' } });
    const text = await action.run({ url: `${base}/text` }, actionContext());
    expect(text.result).toEqual({ code: 200, headers: expect.objectContaining({ 'x-peer': 'yes' }), body: 'plain words' });
  });

  it('sends username and password as Basic, and the credentials of a connection URL the same way, never in the URL', async () => {
    await action.run({ url: `${base}/a`, username: 'ops', password: 'pw' }, actionContext());
    expect(seen[0].headers.authorization).toBe('Basic ' + Buffer.from('ops:pw').toString('base64'));
    const resolveSecret = async (ref: unknown) => (ref === 'connection://hook' ? `http://svc:s%40cret@127.0.0.1:${new URL(base).port}/from-connection` : null);
    const out = await action.run({ url: 'connection://hook', method: 'HEAD' }, actionContext({ resolveSecret }));
    expect(out.error).toBeNull();
    expect(seen[1]).toMatchObject({ method: 'HEAD', url: '/from-connection' });
    expect(seen[1].headers.authorization).toBe('Basic ' + Buffer.from('svc:s@cret').toString('base64'));
    expect(await action.run({ url: 'connection://gone' }, actionContext({ resolveSecret }))).toEqual({
      error: 'url: connection://gone could not be resolved',
      result: {},
    });
  });

  it('fails on 4xx and 5xx with the code, keeping the answer', async () => {
    expect(await action.run({ url: `${base}/status/404` }, actionContext())).toEqual({
      error: 'HTTP 404',
      result: { code: 404, headers: expect.objectContaining({ 'content-type': 'text/plain' }), body: 'answer 404' },
    });
    expect(await action.run({ url: `${base}/status/503`, method: 'DELETE' }, actionContext())).toMatchObject({ error: 'HTTP 503', result: { code: 503 } });
    expect(await action.run({ url: `${base}/status/302` }, actionContext())).toMatchObject({ error: null, result: { code: 302 } });
  });

  it('cuts the body at 64 KiB, says so and does not parse it', async () => {
    const ctx = actionContext();
    const out = await action.run({ url: `${base}/big` }, ctx);
    expect(out.error).toBeNull();
    expect(Buffer.byteLength(out.result.body as string)).toBe(MAX_BODY_BYTES);
    expect(out.result).toMatchObject({ truncated: true });
    expect(out.result).not.toHaveProperty('json');
    expect(ctx.lines).toContain('body cut at 64 KiB');
  });

  it('judges the rendered fields when it runs', async () => {
    expect(await action.run({ url: 'db.internal/restart' }, actionContext())).toEqual({
      error: 'url: must be an http:// or https:// URL or a connection:// reference',
      result: {},
    });
    expect(await action.run({ url: `${base}/x`, method: 'RE START' }, actionContext())).toEqual({
      error: 'method: must be an HTTP method such as GET or POST',
      result: {},
    });
    expect(seen).toEqual([]);
  });

  it('fails naming a header whose secret does not resolve, sending nothing', async () => {
    const out = await action.run(
      { url: `${base}/x`, headers: { Authorization: { valueFrom: { secretKeyRef: { name: 'gone', key: 'password' } } } } },
      actionContext(),
    );
    expect(out).toEqual({ error: 'headers: Authorization could not be resolved', result: {} });
    expect(seen).toEqual([]);
  });

  it('stops a request that gets no answer when the action times out', async () => {
    const out = await action.run({ url: `${base}/hang` }, actionContext({ timeoutMs: 300 }));
    expect(out).toEqual({ error: 'timed out after 300ms', result: {} });
  });

  it('fails with the reason when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const out = await action.run({ url: `http://127.0.0.1:${port}/` }, actionContext());
    expect(out.error).toMatch(/ECONNREFUSED/);
  });

  it('is refused by the outbound policy for a denied address, sending nothing', async () => {
    const out = await action.run({ url: 'http://169.254.169.254/latest/meta-data/' }, actionContext());
    expect(out).toEqual({ error: expect.stringMatching(/^169\.254\.169\.254:80 is not reachable from .*a cloud metadata address/), result: {} });
  });
});
