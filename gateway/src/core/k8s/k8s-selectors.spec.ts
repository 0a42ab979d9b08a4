import { mergePatch, parseFieldSelector, parseLabelSelector } from './k8s-selectors';

describe('kubectl selectors and merge patches', () => {
  it('reads label selectors with the core reader and matches every requirement', () => {
    const test = parseLabelSelector('app=web,tier!=db,env in (prod,stage),team,!legacy');
    expect(test({ app: 'web', tier: 'front', env: 'prod', team: 'a' })).toBe(true);
    expect(test({ app: 'web', tier: 'db', env: 'prod', team: 'a' })).toBe(false);
    expect(test({ app: 'web', env: 'dev', team: 'a' })).toBe(false);
    expect(test({ app: 'web', env: 'prod' })).toBe(false);
    expect(test({ app: 'web', env: 'prod', team: 'a', legacy: 'yes' })).toBe(false);
    expect(parseLabelSelector(undefined)({})).toBe(true);
    expect(() => parseLabelSelector('app=(x')).toThrow(/unable to parse requirement/);
  });

  it('takes metadata.name and metadata.namespace field selectors only', () => {
    const fields = parseFieldSelector('metadata.name=web,metadata.namespace!=kube-system');
    expect(fields.name).toBe('web');
    expect(fields.test({ name: 'web', namespace: 'default' })).toBe(true);
    expect(fields.test({ name: 'web', namespace: 'kube-system' })).toBe(false);
    expect(fields.test({ name: 'api', namespace: 'default' })).toBe(false);
    expect(() => parseFieldSelector('spec.x=1')).toThrow(/not a known field selector/);
  });

  it('applies RFC 7386 merge patches without changing the original', () => {
    const target = { spec: { interval: 30, http: [{ name: 'a' }] }, keep: true };
    expect(mergePatch(target, { spec: { interval: null, http: [{ name: 'b' }] } })).toEqual({ spec: { http: [{ name: 'b' }] }, keep: true });
    expect(target.spec.interval).toBe(30);
  });
});
