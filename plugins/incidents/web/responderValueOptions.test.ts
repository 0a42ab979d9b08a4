import { fixedValues, valueOptions } from './responderValueOptions';

const jira = {
  connection: 'jira-cloud',
  projects: [
    { key: 'OPS', name: 'Operations', issueTypes: ['Incident', 'Task'], priorities: ['Highest', 'High'] },
    { key: 'PAY', name: 'Payments', issueTypes: ['Bug'], priorities: ['Low'] },
  ],
};

describe('responder values from the team spec', () => {
  it('treats strings as fixed values and lists as choices', () => {
    expect(fixedValues({ to: ['a@x', 'b@x'], connection: 'smtp' })).toEqual({ connection: 'smtp' });
    expect(valueOptions({ to: ['a@x', 'b@x'] }, 'to', {})).toEqual([
      { value: 'a@x', label: 'a@x' },
      { value: 'b@x', label: 'b@x' },
    ]);
  });

  it('offers Jira projects, then the issue types and priorities of the chosen project', () => {
    expect(valueOptions(jira, 'project', {})).toEqual([
      { value: 'OPS', label: 'Operations' },
      { value: 'PAY', label: 'Payments' },
    ]);
    expect(valueOptions(jira, 'issueType', { project: 'PAY' })).toEqual([{ value: 'Bug', label: 'Bug' }]);
    expect(valueOptions(jira, 'priority', { project: 'OPS' })?.map((o) => o.value)).toEqual(['Highest', 'High']);
    expect(valueOptions(jira, 'priority', { project: '' })).toBeUndefined();
    expect(valueOptions(jira, 'summary', { project: 'OPS' })).toBeUndefined();
  });
});
