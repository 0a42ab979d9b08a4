import { ensure, insert, person, type SeedContext } from './context';
import { demoId, json, minutesAgo } from './demo-ids';

/** People with roles, teams with members, then the edge agent. */
export async function seedPeopleAndTeams(ctx: SeedContext): Promise<void> {
  await seedPeople(ctx);
  await seedAgent(ctx);
}

async function seedPeople(ctx: SeedContext): Promise<void> {
  const people = [
    { key: 'alice', name: 'Alice Nguyen', email: 'alice.nguyen@example.com', role: 'commander' },
    { key: 'bob', name: 'Bob Martins', email: 'bob.martins@example.com', role: 'responder' },
    { key: 'carla', name: 'Carla Diaz', email: 'carla.diaz@example.com', role: 'editor' },
    { key: 'deepak', name: 'Deepak Rao', email: 'deepak.rao@example.com', role: 'responder' },
    { key: 'emma', name: 'Emma Schmidt', email: 'emma.schmidt@example.com', role: 'viewer' },
  ];
  for (const p of people) {
    const id = await ensure(ctx, 'people', { id: demoId(`person:${p.key}`), name: p.name, email: p.email }, ['email'], false);
    ctx.people.set(p.key, id);
    await insert(ctx, 'person_roles', { person_id: id, role: p.role });
  }

  const teams = [
    {
      key: 'sre',
      name: 'SRE',
      icon: 'kubernetes',
      members: ['alice', 'bob', 'deepak'],
      spec: {
        responder_clients: {
          jira: {
            values: {
              projects: [
                {
                  key: 'OPS',
                  name: 'Operations',
                  issueTypes: ['Incident', 'Task', 'Bug'],
                  priorities: ['Highest', 'High', 'Medium', 'Low'],
                },
                { key: 'PAY', name: 'Payments', issueTypes: ['Incident', 'Bug'], priorities: ['High', 'Medium', 'Low'] },
              ],
            },
            defaults: {
              project: 'OPS',
              issueType: 'Incident',
              priority: 'High',
              summary: '[{{incident.incident_id}}] {{incident.title}}',
              description: '{{incident.description}}',
            },
            linkUrl: 'https://example.atlassian.net/browse/{{external_id}}',
          },
          email: {
            values: { to: ['sre-oncall@example.com', 'sre@example.com'] },
            defaults: {
              to: 'sre-oncall@example.com',
              subject: '[{{incident.incident_id}}] {{incident.title}}',
              body: 'Severity {{incident.severity}}: {{incident.description}}',
            },
            linkUrl: 'mailto:sre-oncall@example.com',
          },
        },
      },
    },
    { key: 'platform', name: 'Platform', icon: 'cloud', members: ['carla', 'emma'], spec: {} },
    { key: 'database', name: 'Database', icon: 'database', members: ['deepak', 'bob'], spec: {} },
  ];
  for (const t of teams) {
    const id = await ensure(ctx, 'teams', { id: demoId(`team:${t.key}`), name: t.name, icon: t.icon, spec: json(t.spec), created_by: ctx.adminId }, ['name']);
    ctx.teams.set(t.key, id);
    for (const member of t.members) await insert(ctx, 'team_members', { team_id: id, person_id: person(ctx, member) });
  }
}

async function seedAgent(ctx: SeedContext): Promise<void> {
  await ensure(
    ctx,
    'agents',
    {
      id: demoId('agent:edge'),
      name: 'edge-eu-west-2',
      description: 'Edge cluster in London',
      properties: json({ region: 'eu-west-2', env: 'edge' }),
      last_seen: minutesAgo(180),
      last_received: minutesAgo(181),
      created_by: ctx.adminId,
    },
    ['name'],
  );
}
