import type { PlaybookSpec } from '@contracts';
import { matchesSelector, parseLabelSelector, playbookApplies, selectorsSql, takesNoResource, wildcard, type ResourceRow } from './selectors';

const pod: ResourceRow = { id: '1', name: 'checkout-7d9f', type: 'Kubernetes::Pod', namespace: 'shop', labels: { app: 'checkout', tier: 'web' } };

describe('playbook resource selectors', () => {
  it('matches wildcards in types, names and namespaces literally otherwise', () => {
    expect(wildcard('Kubernetes::*', 'Kubernetes::Pod')).toBe(true);
    expect(wildcard('*-7d9f', 'checkout-7d9f')).toBe(true);
    expect(wildcard('checkout.*', 'checkout-x')).toBe(false);
    expect(wildcard('a.b', 'axb')).toBe(false);
    expect(wildcard('x', null)).toBe(false);
    expect(wildcard('a*b*c', 'a-b-c')).toBe(true);
    expect(wildcard('a*b*c', 'a-c-b')).toBe(false);
    expect(wildcard('ab*ba', 'aba')).toBe(false);
    expect(wildcard('**', '')).toBe(true);
    expect(wildcard('*x*', 'yyxyy')).toBe(true);
  });

  it('matches in linear time whatever the pattern (no backtracking)', () => {
    // With a regex, ten stars against this name took seconds; the piecewise match answers at once.
    expect(wildcard('**********X', 'a'.repeat(10_000))).toBe(false);
    expect(wildcard('*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(100_000))).toBe(false);
  });

  it('requires every part of a selector, and any selector of the kind', () => {
    expect(matchesSelector(pod, { types: ['Kubernetes::Deployment', 'Kubernetes::Pod'], labels: { app: 'checkout' } })).toBe(true);
    expect(matchesSelector(pod, { type: 'Kubernetes::Pod', labels: { app: 'payments' } })).toBe(false);
    expect(matchesSelector(pod, { labels: { tier: '*' }, namespace: 'sh*' })).toBe(true);
    expect(matchesSelector(pod, { labelSelector: 'app=checkout,tier!=db,tier' })).toBe(true);
    expect(matchesSelector(pod, { labelSelector: 'app=checkout,missing' })).toBe(false);
    const spec = { configs: [{ type: 'Other' }, { names: ['checkout-*'] }], actions: [] } as PlaybookSpec;
    expect(playbookApplies(spec, 'config', pod)).toBe(true);
    expect(playbookApplies(spec, 'check', pod)).toBe(false);
    expect(takesNoResource(spec)).toBe(false);
    expect(takesNoResource({ actions: [] })).toBe(true);
  });

  it('parses Kubernetes equality label selectors', () => {
    expect(parseLabelSelector('a=b, c!=d ,e,f==g')).toEqual([
      { key: 'a', op: '=', value: 'b' },
      { key: 'c', op: '!=', value: 'd' },
      { key: 'e', op: 'exists' },
      { key: 'f', op: '=', value: 'g' },
    ]);
  });

  it('translates selectors to SQL with parameters, escaping LIKE characters', () => {
    const params: unknown[] = [];
    const sql = selectorsSql([{ types: ['Kube_*'], labels: { app: 'x%' } }, { labelSelector: 'tier!=db' }], 'r.namespace', params);
    expect(sql).toBe('(((r.type LIKE $1) AND r.labels ->> $2 LIKE $3) OR (r.labels ->> $4 IS DISTINCT FROM $5))');
    expect(params).toEqual(['Kube\\_%', 'app', 'x\\%', 'tier', 'db']);
    expect(selectorsSql([], 'r.namespace', [])).toBe('false');
  });
});
