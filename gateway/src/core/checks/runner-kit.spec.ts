import { failedResult, httpUrl, isConnectionRef, resolveValue } from './runner-kit';

describe('check runner kit', () => {
  const ctx = {
    signal: new AbortController().signal,
    timeoutMs: 1000,
    resolveSecret: async (ref: unknown) => ((ref as { valueFrom?: { secretKeyRef?: { key?: string } } }).valueFrom?.secretKeyRef?.key === 'k' ? 's3cret' : null),
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
});
