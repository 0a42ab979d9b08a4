import { changeFingerprint } from './fingerprint';

describe('changeFingerprint', () => {
  const change = (details: Record<string, unknown>, summary = 'Back-off restarting failed container web in pod web-7d9f8c6b5-x2x1z') => ({
    changeType: 'BackOff',
    summary,
    details,
  });

  it('masks uuids, timestamps, numbers, hashes and resourceVersions', () => {
    const a = changeFingerprint(
      change(
        { uid: '0b3f5a3e-1d1c-4c53-9a55-1c2f3e4d5a6b', firstTimestamp: '2024-05-01T10:00:00Z', count: 3, resourceVersion: '12345', generation: 7 },
        'Back-off restarting failed container web in pod web-7d9f8c6b5-x2x1z',
      ),
    );
    const b = changeFingerprint(
      change(
        { uid: 'c8a1e0f2-3b4d-4e5f-8a9b-0c1d2e3f4a5b', firstTimestamp: '2024-06-02T11:30:15.123+02:00', count: 9, resourceVersion: '99999', generation: 8 },
        'Back-off restarting failed container web in pod web-5f6e7d8c9-x2x1z',
      ),
    );
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
  });

  it('masks the volatile parts of a diff and its patch', () => {
    const diff = (rv: string) => `@@ -1,3 +1,3 @@\n-  "resourceVersion": "${rv}",\n+  "image": "nginx:1.25"`;
    expect(changeFingerprint({ changeType: 'diff', diff: diff('1'), patch: { metadata: { resourceVersion: '1' } } })).toBe(
      changeFingerprint({ changeType: 'diff', diff: diff('2'), patch: { metadata: { resourceVersion: '2' } } }),
    );
  });

  it('differs for a real change', () => {
    const base = changeFingerprint(change({ reason: 'BackOff' }));
    expect(changeFingerprint(change({ reason: 'Pulled' }))).not.toBe(base);
    expect(changeFingerprint(change({ reason: 'BackOff' }, 'Back-off restarting failed container api'))).not.toBe(base);
    expect(changeFingerprint({ changeType: 'diff', patch: { image: 'nginx:1.25' } })).not.toBe(
      changeFingerprint({ changeType: 'diff', patch: { image: 'nginx:1.26' } }),
    );
    expect(changeFingerprint({ ...change({}), changeType: 'Killing' })).not.toBe(changeFingerprint(change({})));
  });
});
