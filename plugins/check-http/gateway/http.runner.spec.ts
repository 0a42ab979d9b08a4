import { extensionsOf } from '@gateway/core/plugin-host/extension-point';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckRunContext } from '@contracts';
import { checkContext } from '../../../test/support/check-context';
import { itReportsUnreachableAndSilentPeers } from '../../../test/support/http-check-failures';
import { startHttpPeer, type HttpPeer } from '../../../test/support/peers/http-peer';
import { startNtlmPeer, type NtlmPeer } from '../../../test/support/peers/ntlm-peer';
import { selfSignedCertificate } from '../../../test/support/peers/self-signed';
import { HttpCheckRunner } from './http.runner';

const context = (timeoutMs = 2000): CheckRunContext =>
  checkContext(timeoutMs, async (ref) => (ref as { valueFrom?: { literal?: string } })?.valueFrom?.literal ?? null);

describe('http check', () => {
  const runner = new HttpCheckRunner();
  let peer: HttpPeer;
  let tlsPeer: HttpPeer;

  beforeAll(async () => {
    const routes = (app: import('express').Express) => {
      app.get('/ok', (_req, res) => res.json({ status: 'ok', n: 3 }));
      app.get('/missing', (_req, res) => res.status(404).send('nope'));
      app.get('/slow', (_req, res) => setTimeout(() => res.send('late'), 300));
      app.get('/query', (req, res) => res.json(req.query));
      app.post('/echo', (req, res) => res.json({ body: req.body, auth: req.headers.authorization ?? null, x: req.headers['x-team'] ?? null }));
    };
    peer = await startHttpPeer(routes);
    tlsPeer = await startHttpPeer(routes, { tls: selfSignedCertificate() });
  });
  afterAll(async () => {
    await peer?.stop();
    await tlsPeer?.stop();
  });

  it('passes on a 2xx and exposes code, headers, content and parsed json', async () => {
    const r = await runner.run({ name: 'ok', url: `${peer.url}/ok` }, context());
    expect(r).toMatchObject({ pass: true, invalid: false, error: null });
    expect(r.details).toMatchObject({ code: 200, json: { status: 'ok', n: 3 }, sslAgeDays: null });
    expect(String((r.details.headers as Record<string, string>)['content-type'])).toContain('application/json');
    expect(r.duration).toBeGreaterThanOrEqual(0);
  });

  it('fails on a code outside responseCodes, and passes when the code is listed', async () => {
    const fail = await runner.run({ name: 'm', url: `${peer.url}/missing` }, context());
    expect(fail).toMatchObject({ pass: false, invalid: false, details: { code: 404, content: 'nope' } });
    expect(fail.message).toContain('404');
    const pass = await runner.run({ name: 'm', url: `${peer.url}/missing`, responseCodes: [404] }, context());
    expect(pass.pass).toBe(true);
  });

  it('fails when responseContent is absent from the body', async () => {
    expect((await runner.run({ name: 'c', url: `${peer.url}/ok`, responseContent: '"ok"' }, context())).pass).toBe(true);
    const r = await runner.run({ name: 'c', url: `${peer.url}/ok`, responseContent: 'degraded' }, context());
    expect(r).toMatchObject({ pass: false, message: "response does not contain 'degraded'" });
  });

  it('sends method, headers, body and basic auth', async () => {
    const r = await runner.run(
      {
        name: 'post',
        url: `${peer.url}/echo`,
        method: 'post',
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'X-Team', valueFrom: { literal: 'sre' } },
        ],
        body: '{"a":1}',
        username: 'alice',
        password: { value: 's3cret' },
      },
      context(),
    );
    expect(r.pass).toBe(true);
    expect(r.details.json).toEqual({ body: { a: 1 }, auth: 'Basic ' + Buffer.from('alice:s3cret').toString('base64'), x: 'sre' });
  });

  it('fails when slower than thresholdMillis', async () => {
    const r = await runner.run({ name: 's', url: `${peer.url}/slow`, thresholdMillis: 100 }, context());
    expect(r.pass).toBe(false);
    expect(r.message).toMatch(/more than the threshold of 100ms/);
  });

  it('refuses a self-signed certificate unless insecure, and reports days to expiry', async () => {
    const strict = await runner.run({ name: 't', url: `${tlsPeer.url}/ok` }, context());
    expect(strict).toMatchObject({ pass: false, invalid: false });
    expect(strict.error).toMatch(/self[- ]signed/i);
    const r = await runner.run({ name: 't', url: `${tlsPeer.url}/ok`, insecure: true }, context());
    expect(r.pass).toBe(true);
    expect(r.details.sslAgeDays).toBeLessThanOrEqual(1);
    expect(r.details.sslAgeDays).toBeGreaterThanOrEqual(0);
  });

  it('fails when the certificate expires sooner than maxSSLExpiry days', async () => {
    const r = await runner.run({ name: 't', url: `${tlsPeer.url}/ok`, insecure: true, maxSSLExpiry: 7 }, context());
    expect(r.pass).toBe(false);
    expect(r.message).toMatch(/certificate expires in [01] days, fewer than 7/);
  });

  itReportsUnreachableAndSilentPeers(runner, (url) => ({ name: 'h', url: `${url}/` }));

  it('returns within the timeout when the body stalls after the headers', async () => {
    const stalled = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const r = await runner.run({ name: 'h', url: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/` }, context(300));
      expect(Date.now() - started).toBeLessThan(1500);
      expect(r).toMatchObject({ pass: false, invalid: false, message: 'timed out after 300ms' });
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  });

  it("takes `connection:` instead of url, with the stored connection's URL", async () => {
    const withConnection = checkContext(2000, async (ref) => (ref === 'connection://default/status-page' ? `${peer.url}/ok` : null));
    expect(runner.validate({ name: 'c', connection: 'connection://default/status-page' })).toEqual([]);
    const r = await runner.run({ name: 'c', connection: 'connection://default/status-page' }, withConnection);
    expect(r).toMatchObject({ pass: true, details: { code: 200 } });
    expect(await runner.run({ name: 'c', connection: 'connection://default/missing' }, withConnection)).toMatchObject({
      invalid: true,
      message: 'connection: connection://default/missing has no http(s) URL',
    });
    expect(runner.validate({ name: 'c', connection: 'ftp://x' })).toEqual(['connection: must be a connection:// reference or an http(s):// URL']);
  });

  it("fills $(username) / $(.password) in the url from the check's own fields, percent-encoded", async () => {
    const spec = {
      name: 't',
      url: `${peer.url}/query?user=$(username)&key=$(.password)`,
      username: 'ops',
      password: { valueFrom: { literal: 'p@ss/word&x=1' } },
    };
    expect(runner.validate(spec)).toEqual([]);
    const r = await runner.run(spec, context());
    expect(r).toMatchObject({ pass: true, details: { json: { user: 'ops', key: 'p@ss/word&x=1' } } });
    expect(runner.validate({ name: 't', url: 'http://a/?k=$(token)' })).toEqual([
      "url: $(token) is not known here; use $(username) or $(password) (the check's own fields)",
    ]);
  });

  it("fills $(name) from the check's env in the url, and in the body when templateBody is set", async () => {
    const env = [
      { name: 'TEAM', value: 'sre' },
      { name: 'token', valueFrom: { literal: 't0k en' } },
    ];
    const get = await runner.run({ name: 'e', url: `${peer.url}/query?team=$(TEAM)&token=$(.token)`, env }, context());
    expect(get).toMatchObject({ pass: true, details: { json: { team: 'sre', token: 't0k en' } } });
    const post = await runner.run(
      {
        name: 'e',
        url: `${peer.url}/echo`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"team": "$(TEAM)"}',
        templateBody: true,
        env,
      },
      context(),
    );
    expect(post).toMatchObject({ pass: true, details: { json: { body: { team: 'sre' } } } });
    const untemplated = await runner.run(
      { name: 'e', url: `${peer.url}/echo`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"team": "$(TEAM)"}', env },
      context(),
    );
    expect(untemplated).toMatchObject({ details: { json: { body: { team: '$(TEAM)' } } } });
    expect(runner.validate({ name: 'e', url: 'http://a/$(REGION)', env })).toEqual([
      "url: $(REGION) is not known here; use $(username), $(password) or a name of the check's env (TEAM, token)",
    ]);
  });

  it('is invalid, naming the field, without a url', async () => {
    expect(runner.validate({ name: 'x' })).toEqual(['url: required']);
    expect(runner.validate({ name: 'x', url: 'ftp://a', thresholdMillis: -1 })).toEqual([
      'url: must start with http:// or https://',
      'thresholdMillis: must be a number ≥ 0',
    ]);
    const r = await runner.run({ name: 'x' }, context());
    expect(r).toMatchObject({ pass: false, invalid: true, message: 'url: required' });
  });
});

describe('http check registration', () => {
  it("contributes to the 'checks' extension point as 'http'", () => {
    expect(extensionsOf(HttpCheckRunner)).toEqual([{ point: 'checks', id: 'http' }]);
    expect(new HttpCheckRunner().type).toBe('http');
  });
});

describe('http check authentication', () => {
  const runner = new HttpCheckRunner();
  let v2: NtlmPeer;
  let v1Only: NtlmPeer;
  beforeAll(async () => {
    [v2, v1Only] = await Promise.all([startNtlmPeer({ svc: 'S3cret!pass' }, true), startNtlmPeer({ svc: 'S3cret!pass' }, false)]);
  });
  afterAll(async () => {
    await v2?.stop();
    await v1Only?.stop();
  });
  const literal = (value: string) => ({ valueFrom: { literal: value } });

  it('authenticates with NTLMv2 against a server that offers it, proving the password', async () => {
    const r = await runner.run({ name: 'n2', url: `${v2.url}/`, ntlmv2: true, username: 'CORP\\svc', password: literal('S3cret!pass') }, context());
    expect(r).toMatchObject({ pass: true, details: { code: 200, json: { user: 'svc', domain: 'CORP', version: 'NTLMv2' } } });
  });

  it('authenticates with NTLM (v1) when asked for it, even where the server offers v2', async () => {
    for (const peer of [v1Only, v2]) {
      const r = await runner.run({ name: 'n1', url: `${peer.url}/`, ntlm: true, username: 'svc', password: literal('S3cret!pass') }, context());
      expect(r).toMatchObject({ pass: true, details: { json: { user: 'svc', version: 'NTLMv1' } } });
    }
  });

  it('fails with the wrong password, and says when the server does not offer NTLMv2', async () => {
    const wrong = await runner.run({ name: 'bad', url: `${v2.url}/`, ntlmv2: true, username: 'svc', password: literal('nope') }, context());
    expect(wrong).toMatchObject({ pass: false, message: 'response code 401 not in 2xx' });
    const old = await runner.run({ name: 'old', url: `${v1Only.url}/`, ntlmv2: true, username: 'svc', password: literal('S3cret!pass') }, context());
    expect(old).toMatchObject({ pass: false, message: 'NTLMv2: the server did not offer NTLMv2 (no extended security or target info in its challenge)' });
  });

  it('needs a username for NTLM, and takes a username alone as Basic', async () => {
    expect(runner.validate({ name: 'x', url: 'http://a/', ntlm: true })).toContain('username: required for NTLM authentication');
    const basic = await runner.run({ name: 'b', url: `${v2.url}/`, username: 'svc', password: literal('S3cret!pass') }, context());
    expect(basic).toMatchObject({ pass: false, details: { code: 401 } }); // Basic is not NTLM: the server asks again
  });
});
