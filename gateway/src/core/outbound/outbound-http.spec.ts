import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '../../../../test/support/peers/self-signed';
import { AddressPolicy, OutboundError, OutboundHttp, OutboundRefused, PeerError, RunGuard } from '.';

describe('OutboundHttp, the one client for calls to peers', () => {
  let server: http.Server;
  let base: string;
  let tlsServer: https.Server;
  let tlsBase: string;
  let cert: string;
  const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string; port?: number }> = [];

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body, port: req.socket.remotePort });
      if (req.url === '/slow') {
        res.writeHead(200);
        res.write('a');
        return void setTimeout(() => res.end('b'), 2000).unref();
      }
      if (req.url === '/big') return void res.end('x'.repeat(100_000));
      if (req.url === '/moved') return void res.writeHead(302, { location: '/elsewhere' }).end();
      if (req.url === '/jira-error')
        return void res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errorMessages: [], errors: { project: 'Specify a valid project' } }));
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify({ ok: true }));
    });
  };

  beforeAll(async () => {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const tls = selfSignedCertificate();
    cert = tls.cert;
    tlsServer = https.createServer(tls, handler);
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    tlsBase = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => tlsServer.close(resolve));
  });

  const client = new OutboundHttp();

  it('sends what the caller gives and nothing of its own, and takes a redirect as the answer', async () => {
    seen.length = 0;
    const res = await client.request(`${base}/echo`, { method: 'POST', headers: { 'x-one': '1' }, body: '{"a":1}' });
    expect(res).toMatchObject({ status: 200, truncated: false, certificateExpires: null });
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
    const { host, connection, ...rest } = seen[0].headers;
    expect([host, connection]).toEqual([base.slice('http://'.length), 'close']);
    expect(rest).toEqual({ 'x-one': '1', 'content-length': '7' });
    expect(seen[0].body).toBe('{"a":1}');
    const moved = await client.request(`${base}/moved`);
    expect([moved.status, moved.headers.location]).toEqual([302, '/elsewhere']);
  });

  it('cuts a body at the cap, or refuses it', async () => {
    const cut = await client.request(`${base}/big`, { maxBytes: 1000 });
    expect([cut.body.length, cut.truncated]).toEqual([1000, true]);
    await expect(client.request(`${base}/big`, { maxBytes: 1000, oversize: 'fail' })).rejects.toThrow(`${base} answered more than 1000 bytes`);
    await expect(client.json(`${base}/big`, { maxBytes: 1024 })).rejects.toThrow(new PeerError(`${base} answered more than 1 KiB`, null));
  });

  it('holds a deadline for the whole call, body included, and says whose cancellation ended it', async () => {
    const started = Date.now();
    await expect(client.request(`${base}/slow`, { timeoutMs: 200 })).rejects.toThrow(
      new OutboundError(`${base.slice(7)} did not answer within 200 ms`, 'TIMEOUT'),
    );
    expect(Date.now() - started).toBeLessThan(1500);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(client.request(`${base}/slow`, { signal: controller.signal })).rejects.toThrow('the call was cancelled');
    await expect(client.request('http://127.0.0.1:1/')).rejects.toThrow(/ECONNREFUSED 127\.0\.0\.1:1/);
  });

  it('asks the guard first, with everything the request carries; by default the address policy alone', async () => {
    const asked: unknown[] = [];
    const guard = { check: async (target: unknown, sending: unknown) => void asked.push([String(target), sending]) };
    await client.request(`${base}/echo`, { guard, headers: { authorization: 'Basic x' }, body: 'b', sending: { password: 'pw' } });
    expect(asked).toEqual([[`${base}/echo`, { url: `${base}/echo`, headers: { authorization: 'Basic x' }, body: 'b', password: 'pw' }]]);
    await expect(client.request('http://169.254.169.254/latest/meta-data/')).rejects.toThrow(
      '169.254.169.254:80 is not reachable from the console: it is a cloud metadata address. An administrator can allow it.',
    );
    const own = new OutboundHttp(new AddressPolicy({ listenPort: Number(new URL(base).port), database: null, allow: [] }));
    await expect(own.json(`${base}/echo`)).rejects.toThrow(OutboundRefused);
    // a check run's guard also binds credentials to their connection's origin
    const run = new RunGuard(new AddressPolicy({ listenPort: -1, database: null, allow: [] }));
    run.ledger.record('s3cret-pw', { name: 'billing', url: 'https://billing.test' });
    seen.length = 0;
    await expect(client.request(`${base}/echo`, { guard: run, headers: { 'x-key': 's3cret-pw' } })).rejects.toThrow(
      /may only be sent to https:\/\/billing\.test:443/,
    );
    expect(seen).toEqual([]);
  });

  it('connects to an address the guard checked, not to a new answer of the name server (DNS rebinding)', async () => {
    const port = new URL(base).port;
    // `pinned.invalid` resolves nowhere (RFC 6761): only the guard's checked address can make this call reach the server.
    const pinned = { check: async () => ['127.0.0.1'] };
    seen.length = 0;
    const res = await client.request(`http://pinned.invalid:${port}/echo`, { guard: pinned });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    // Without checked addresses the name is resolved at connect time, and fails.
    const unpinned = { check: async () => undefined };
    await expect(client.request(`http://pinned.invalid:${port}/echo`, { guard: unpinned })).rejects.toThrow(/ENOTFOUND|getaddrinfo/);
  });

  it("verifies certificates, trusts a connection's own CA or skips verification, and reports the expiry", async () => {
    await expect(client.request(`${tlsBase}/echo`)).rejects.toThrow(/self-signed certificate/);
    const trusted = await client.request(`${tlsBase}/echo`, { tls: { ca: cert } });
    expect(trusted.certificateExpires!.getTime()).toBeGreaterThan(Date.now());
    expect((await client.request(`${tlsBase}/echo`, { tls: { insecure: true } })).status).toBe(200);
  });

  it('shares one connection between requests when asked (NTLM)', async () => {
    seen.length = 0;
    await client.withConnection(base, {}, async (connection) => {
      await client.request(`${base}/one`, { connection });
      await client.request(`${base}/two`, { connection });
    });
    expect(seen.map((s) => s.headers.connection)).toEqual(['keep-alive', 'keep-alive']);
    expect(seen[0].port).toBe(seen[1].port);
  });

  it('speaks JSON to peers and turns their errors into their own messages', async () => {
    seen.length = 0;
    const res = await client.json<{ ok: boolean }>(`${base}/echo`, { method: 'POST', body: { a: 1 } });
    expect(res.body).toEqual({ ok: true });
    expect(seen[0].headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' });
    await client.json(`${base}/echo`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) });
    expect(seen[1]).toMatchObject({ body: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await expect(client.json(`${base}/jira-error`)).rejects.toThrow(new PeerError('project: Specify a valid project', 400));
    await expect(client.json('http://127.0.0.1:1/x')).rejects.toThrow(/^Cannot reach http:\/\/127\.0\.0\.1:1: connect ECONNREFUSED/);
  });
});
