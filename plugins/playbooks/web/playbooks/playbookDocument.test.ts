import { FIELD_REQUIRED } from '@contracts';
import { addActionToSpec, newPlaybookValues, parseSpecText, playbookFormSchema, playbookValues, playbookYaml } from './playbookDocument';
import { groupPlaybooks, matchesSearch } from './playbookGroups';
import type { PlaybookRow } from './playbooksApi';

const stored = [
  'apiVersion: mission-control.flanksource.com/v1',
  'kind: Playbook',
  'metadata:',
  '  name: restart-pod',
  '  namespace: ops',
  '  labels:',
  '    team: platform',
  'spec:',
  '  title: Restart pod',
  '  icon: https://example.com/k8s.svg',
  '  category: Kubernetes',
  '  configs:',
  '    - types: [Kubernetes::Pod]',
  '  actions:',
  '    - name: delete',
  '      exec:',
  '        script: kubectl delete pod',
  '',
].join('\n');

describe('the spec form and its document', () => {
  it("takes the look fields out of the spec and keeps the rest as the Spec field's YAML", () => {
    const parsed = playbookValues(stored);
    expect(parsed).toEqual({
      ok: true,
      values: {
        name: 'restart-pod',
        namespace: 'ops',
        labels: [{ key: 'team', value: 'platform' }],
        title: 'Restart pod',
        icon: 'https://example.com/k8s.svg',
        description: '',
        category: 'Kubernetes',
        spec: 'configs:\n  - types:\n      - Kubernetes::Pod\nactions:\n  - name: delete\n    exec:\n      script: kubectl delete pod\n',
      },
    });
  });

  it('writes the values back into the same document (look fields first in the spec)', () => {
    const parsed = playbookValues(stored);
    if (!parsed.ok) throw new Error('does not parse');
    const written = playbookYaml(parsed.values);
    if (!written.ok) throw new Error('writes no document');
    expect(playbookValues(written.text)).toEqual(parsed);
    expect(written.text.indexOf('title: Restart pod')).toBeLessThan(written.text.indexOf('configs:'));
  });

  it("keeps a title written into the Spec field when the form's is empty", () => {
    const written = playbookYaml({ ...newPlaybookValues(), spec: 'title: From the spec\nactions: []\n' });
    expect(written.ok && written.text).toContain('title: From the spec');
    const overridden = playbookYaml({ ...newPlaybookValues(), title: 'From the form', spec: 'title: From the spec\nactions: []\n' });
    expect(overridden.ok && overridden.text).toContain('title: From the form');
    expect(overridden.ok && overridden.text).not.toContain('From the spec');
  });

  it('says where the Spec field does not parse, and makes no document of it', () => {
    expect(parseSpecText('actions: [\n')).toMatchObject({ ok: false, error: { line: 2 } });
    expect(parseSpecText('- just\n- a list\n')).toEqual({ ok: false, error: { message: 'The spec must be a YAML object (actions, parameters, configs...)' } });
    expect(playbookYaml({ ...newPlaybookValues(), title: 'x', spec: 'actions: [' }).ok).toBe(false);
  });

  it("requires a title and a spec: 'This field is required'", () => {
    const result = playbookFormSchema.safeParse({ ...newPlaybookValues(), title: '  ', spec: '' });
    expect(result.success).toBe(false);
    const messages = result.success ? {} : result.error.flatten().fieldErrors;
    expect(messages).toEqual({ title: [FIELD_REQUIRED], spec: [FIELD_REQUIRED] });
    expect(playbookFormSchema.safeParse({ ...newPlaybookValues(), title: 'Restart', spec: 'actions: []' }).success).toBe(true);
  });

  it('adds an action of a type with its required fields, numbered after the others', () => {
    expect(addActionToSpec('actions:\n  - name: first\n    http: {}\n', 'exec', [{ name: 'script', required: true }, { name: 'env' }])).toBe(
      "actions:\n  - name: first\n    http: {}\n  - name: exec-2\n    exec:\n      script: ''\n",
    );
    expect(addActionToSpec('actions: [', 'exec')).toBeNull();
  });
});

describe('cards', () => {
  const row = (values: Partial<PlaybookRow> & Pick<PlaybookRow, 'id'>): PlaybookRow => ({
    name: values.id,
    namespace: 'default',
    title: null,
    icon: null,
    description: null,
    category: null,
    spec: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    ...values,
  });

  it("groups by category, 'Other' for none and last, titles in order within", () => {
    const groups = groupPlaybooks([
      row({ id: 'b', title: 'Beta', category: 'Zeta' }),
      row({ id: 'n', title: 'No category' }),
      row({ id: 'a', title: 'Alpha', category: 'Zeta' }),
      row({ id: 's', title: 'Spec category', spec: { category: 'Apps', actions: [] } }),
      row({ id: 'o', title: 'Other on purpose', category: 'Other' }),
    ]);
    expect(groups.map((g) => [g.category, g.playbooks.map((p) => p.id)])).toEqual([
      ['Apps', ['s']],
      ['Zeta', ['a', 'b']],
      ['Other', ['n', 'o']],
    ]);
  });

  it('matches every searched word in the title, name, description or category', () => {
    const playbook = row({ id: 'restart-pod', title: 'Restart pod', description: 'Deletes it', category: 'Kubernetes' });
    expect(matchesSearch(playbook, 'kube RESTART')).toBe(true);
    expect(matchesSearch(playbook, 'deletes')).toBe(true);
    expect(matchesSearch(playbook, 'restart database')).toBe(false);
    expect(matchesSearch(playbook, '  ')).toBe(true);
  });
});
