import { apiBase, apiTarget, apiUrlProblem, failedResult, httpUrl, isConnectionRef, resolveValue } from './runner-kit';

describe('check runner kit', () => {
  const ctx = {
    signal: new AbortController().signal,
    timeoutMs: 1000,
    resolveSecret: async (ref: unknown) =>
      (ref as { valueFrom?: { secretKeyRef?: { key?: string } } }).valueFrom?.secretKeyRef?.key === 'k' ? 's3cret' : null,
    outbound: { check: async () => undefined },
  };

  it('resolves plain values, {value} and references; unset is null', async () => {
    expect(await resolveValue('plain', ctx)).toBe('plain');
    expect(await resolveValue(42, ctx)).toBe('42');
    expect(await resolveValue({ value: 'boxed' }, ctx)).toBe('boxed');
    expect(await resolveValue({ valueFrom: { secretKeyRef: { name: 'n', key: 'k' } } }, ctx)).toBe('s3cret');
    expect(await resolveValue({ valueFrom: { secretKeyRef: { name: 'n', key: 'other' } } }, ctx)).toBeNull();
    for (const unset of [undefined, null, '']) expect(await resolveValue(unset, ctx)).toBeNull();
  });

  it('tells http(s) URLs and connection references apart', () => {
    expect(httpUrl('https://example.test/x')?.host).toBe('example.test');
    expect(httpUrl('ftp://example.test')).toBeNull();
    expect(httpUrl('not a url')).toBeNull();
    expect(isConnectionRef('connection://prom')).toBe(true);
    expect(isConnectionRef('http://prom')).toBe(false);
  });

  it('builds a failed or invalid result with the message as the error', () => {
    expect(failedResult(Date.now(), 'boom')).toMatchObject({ pass: false, invalid: false, message: 'boom', error: 'boom', details: {} });
    expect(failedResult(Date.now(), 'bad spec', true).invalid).toBe(true);
  });

  it("judges an API type's address: a URL it takes, or a connection reference", async () => {
    expect(apiUrlProblem({ name: 'a' })).toBe('url: required');
    expect(apiUrlProblem({ name: 'a', connection: 'connection://prom' })).toBeNull();
    expect(apiUrlProblem({ name: 'a', url: 'ftp://x' })).toBe('url: must be an http:// or https:// URL');
    const hostToo = { fields: ['url', 'host'], parse: (raw: string) => httpUrl(/:\/\//.test(raw) ? raw : `http://${raw}`), expected: 'a URL or host:port' };
    expect(apiUrlProblem({ name: 'a', host: 'prom:9090' }, hostToo)).toBeNull();
    expect(apiUrlProblem({ name: 'a', host: 'ftp://prom' }, hostToo)).toBe('host: must be a URL or host:port');
    const resolving = { ...ctx, resolveSecret: async () => 'https://from-connection.test/api' };
    expect((await apiBase({ name: 'a', connection: 'connection://c' }, resolving))?.href).toBe('https://from-connection.test/api');
    expect((await apiBase({ name: 'a', host: 'prom:9090' }, ctx, hostToo))?.href).toBe('http://prom:9090/');
  });

  it("authenticates an API call with a bearer token, else Basic from the spec or the URL's user info, which leaves the URL", async () => {
    const base = new URL('http://u%40x:p%3Aw@prom.test/prefix/');
    const fromUrl = await apiTarget(base, '/api/v1/query', ctx, {});
    expect(fromUrl.target.href).toBe('http://prom.test/prefix/api/v1/query');
    expect(fromUrl.headers).toEqual({ accept: 'application/json', authorization: `Basic ${Buffer.from('u@x:p:w').toString('base64')}` });
    const fromSpec = await apiTarget(base, '/q', ctx, { username: 'alice', password: { value: 'pw' } });
    expect(fromSpec.headers.authorization).toBe(`Basic ${Buffer.from('alice:pw').toString('base64')}`);
    expect((await apiTarget(base, '/q', ctx, { bearer: { valueFrom: { secretKeyRef: { name: 'n', key: 'k' } } } })).headers.authorization).toBe(
      'Bearer s3cret',
    );
  });
});
