import { createHash } from 'node:crypto';
import { normalise } from './normalise';

describe('normalise', () => {
  it('sorts keys recursively, so key order does not matter', () => {
    const a = normalise({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 2 } });
    const b = normalise({ a: { c: 2, d: [{ y: 2, z: 1 }] }, b: 1 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).toBe('{"a":{"c":2,"d":[{"y":2,"z":1}]},"b":1}');
  });

  it('removes excluded paths and leaves the input alone', () => {
    const input = { metadata: { name: 'x', resourceVersion: '42', managedFields: [{}] }, spec: { replicas: 2 } };
    expect(normalise(input, { exclude: ['$.metadata.resourceVersion', '$.metadata.managedFields'] })).toEqual({
      metadata: { name: 'x' },
      spec: { replicas: 2 },
    });
    expect(input.metadata.resourceVersion).toBe('42');
  });

  it('masks with md5sum of the value JSON, or a literal', () => {
    const md5 = createHash('md5').update(JSON.stringify('s3cret')).digest('hex');
    expect(
      normalise(
        { password: 's3cret', token: 't' },
        {
          mask: [
            { jsonpath: '$.password', value: 'md5sum' },
            { jsonpath: '$.token', value: '***' },
          ],
        },
      ),
    ).toEqual({
      password: md5,
      token: '***',
    });
  });
});
