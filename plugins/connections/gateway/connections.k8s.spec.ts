import { DomainError } from '@gateway/core/http/domain-error';
import { connectionToSpec, keptAnnotations, specToConnection } from './connections.k8s';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

describe('the Connection kind’s mapping', () => {
  it('reads the CRD’s values (plain or {value}) as the connections API’s input; a secret left out keeps the stored one', () => {
    expect(
      specToConnection({ type: 'http', url: { value: 'https://a.example.com' }, username: 'me', password: { value: 'pw' }, properties: { region: 'eu' } }),
    ).toEqual({ type: 'http', url: 'https://a.example.com', username: 'me', password: 'pw', insecure_tls: false, properties: { region: 'eu' } });
    const without = specToConnection({ type: 'http', url: 'https://a.example.com', insecureTLS: true });
    expect(without).toEqual({ type: 'http', url: 'https://a.example.com', username: null, insecure_tls: true, properties: {} });
    expect('password' in without || 'certificate' in without).toBe(false);
  });

  it('refuses valueFrom, wrong shapes and unknown fields, all at once', () => {
    let error: unknown;
    try {
      specToConnection({ type: 'http', password: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }, url: 3, insecure_tls: 'yes', extra: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    const message = (error as DomainError).message.split('; ');
    expect(message).toEqual([
      expect.stringMatching(/^spec\.extra: unknown field/),
      'spec.url: must be a string or {value: string}',
      'spec.password.valueFrom: not supported: give the value (the console keeps the secret itself)',
      'spec.insecure_tls: must be true or false',
    ]);
  });

  it('never shows a secret: the spec read back has none, the last-applied copy keeps them blank', () => {
    expect(connectionToSpec({ type: 'http', url: 'https://a.example.com', username: null, insecure_tls: false, properties: {} })).toEqual({
      type: 'http',
      url: { value: 'https://a.example.com' },
    });
    const applied = JSON.stringify({ kind: 'Connection', spec: { type: 'http', password: { value: 'pw-1' }, certificate: 'PEM' } });
    const kept = keptAnnotations({ [LAST_APPLIED]: applied, note: 'x' });
    expect(kept.note).toBe('x');
    expect(JSON.parse(kept[LAST_APPLIED])).toEqual({ kind: 'Connection', spec: { type: 'http', password: '', certificate: '' } });
    expect(keptAnnotations({ [LAST_APPLIED]: 'not json pw-1' })).toEqual({});
  });
});
