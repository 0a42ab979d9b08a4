import { currentResponderStep } from './responderProgress';
import { renderTemplate, responderFormDefaults } from './responderTemplates';
import { teamResponderTypes } from './responderTypes';

const incident = { title: 'DB down', incident_id: 'INC0000001', severity: 'high' };

describe('responder templates', () => {
  it('renders {{incident.title}} and form values; unknown paths are blank', () => {
    expect(renderTemplate('[{{incident.incident_id}}] {{ incident.title }} {{nope.x}}', { incident })).toBe('[INC0000001] DB down ');
  });

  it('fills defaults from the team spec over the form values and the incident, fixed values winning', () => {
    const values = responderFormDefaults(
      {
        values: { project: 'OPS' },
        defaults: { summary: '{{incident.title}}', description: '{{summary}} in {{project}}', project: 'IGNORED' },
      },
      ['project', 'summary', 'description', 'priority'],
      incident,
    );
    expect(values).toEqual({ project: 'OPS', summary: 'DB down', description: 'DB down in OPS', priority: '' });
  });

  it('offers the team responder_clients types that a plugin registered', () => {
    const registered = [
      { id: 'email', label: 'Email' },
      { id: 'jira', label: 'Jira' },
      { id: 'ms_planner', label: 'Microsoft Planner' },
    ];
    const team = { id: 't', name: 'SRE', spec: { responder_clients: { jira: {}, unknown: {} } } };
    expect(teamResponderTypes(team, registered).map((t) => t.id)).toEqual(['jira']);
    expect(teamResponderTypes({ id: 't', name: 'Empty', spec: {} }, registered)).toEqual([]);
  });

  it('makes the first unset progress step current', () => {
    const base = { created_at: '2025-01-01', acknowledge_time: null, signoff_time: null, close_time: null };
    expect(currentResponderStep(base)).toBe(1);
    expect(currentResponderStep({ ...base, acknowledge_time: '2025-01-02' })).toBe(2);
    expect(currentResponderStep({ ...base, acknowledge_time: 'a', signoff_time: 'b', close_time: 'c' })).toBe(4);
  });
});
