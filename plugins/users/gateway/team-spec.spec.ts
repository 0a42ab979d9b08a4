import { teamSpecProblems } from './team-spec';

describe('team spec (responder defaults read by incidents)', () => {
  it('accepts an empty spec and the responder_clients shape incidents reads', () => {
    expect(teamSpecProblems({})).toEqual([]);
    expect(
      teamSpecProblems({
        responder_clients: {
          jira: {
            connection: 'connection://default/jira',
            values: { projects: [{ key: 'OPS' }] },
            defaults: { project: 'OPS', summary: '{{incident.title}}', priority: 2, notify: true },
            linkUrl: 'https://jira.example/browse/{{external_id}}',
          },
          email: true,
        },
        owner: 'kept as written',
      }),
    ).toEqual([]);
  });

  it('names each problem with where it is', () => {
    expect(teamSpecProblems('jira')).toEqual(['spec: must be an object']);
    expect(teamSpecProblems({ responder_clients: ['jira'] })).toEqual(['spec.responder_clients: must be a map of responder type to its settings']);
    expect(
      teamSpecProblems({
        responder_clients: {
          'bad type': {},
          jira: { connection: '', defaults: { project: { key: 'OPS' } }, values: 'x', linkUrl: 3, extra: 1 },
          email: 'sre@example.com',
        },
      }),
    ).toEqual([
      "spec.responder_clients.bad type: a responder type is a name of letters, digits, '-' and '_'",
      'spec.responder_clients.jira.extra: unknown field (expected connection, values, defaults, linkUrl)',
      'spec.responder_clients.jira.connection: must be a connection name or connection:// reference',
      'spec.responder_clients.jira.linkUrl: must be text',
      'spec.responder_clients.jira.values: must be an object',
      'spec.responder_clients.jira.defaults.project: must be text, a number or true/false',
      'spec.responder_clients.email: must be an object with connection, values, defaults, linkUrl',
    ]);
  });
});
