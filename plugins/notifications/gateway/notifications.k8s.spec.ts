import type { NotificationRule } from '@contracts';
import { durationNanos, nanosDuration, ruleToSpec, specToRule } from './notifications.k8s';

const PERSON = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';
const resolve = {
  person: async (email: string) => (email === 'ops@example.com' ? PERSON : null),
  team: async (name: string) => (name === 'sre' ? TEAM : null),
};

const rule = (over: Partial<NotificationRule>): NotificationRule => ({
  id: 'x',
  name: 'r',
  namespace: 'default',
  title: null,
  events: ['check.failed'],
  filter: null,
  template: null,
  properties: {},
  person_id: null,
  team_id: null,
  custom_services: null,
  repeat_interval: null,
  wait_for: null,
  source: 'UI',
  error: null,
  created_by: null,
  created_at: '',
  updated_at: '',
  ...over,
});

describe('the Notification CRD ⇄ notification rules', () => {
  it('reads Go durations and writes the shortest one', () => {
    expect(durationNanos('5m')).toBe(300_000_000_000);
    expect(durationNanos('1h30m')).toBe(5_400_000_000_000);
    expect(durationNanos('90s')).toBe(90_000_000_000);
    expect(durationNanos('5 minutes')).toBeNull();
    expect(nanosDuration(5_400_000_000_000)).toBe('1h30m');
    expect(nanosDuration(300_000_000_000)).toBe('5m');
  });

  it('maps the CRD spec to a rule, resolving a person by email and a team by name', async () => {
    const input = await specToRule(
      {
        events: ['check.failed'],
        title: 'Down',
        filter: 'check.status == "unhealthy"',
        to: { person: 'ops@example.com', team: 'sre', url: 'slack://xoxb-token@alerts', properties: { color: 'red' } },
        properties: { secret: 'sign' },
        repeatInterval: '1h',
        waitFor: '5m',
      },
      resolve,
    );
    expect(input).toEqual({
      events: ['check.failed'],
      title: 'Down',
      template: null,
      filter: 'check.status == "unhealthy"',
      properties: { secret: 'sign' },
      person_id: PERSON,
      team_id: TEAM,
      custom_services: [{ name: 'slack', url: 'slack://xoxb-token@alerts', connection: null, properties: { color: 'red' } }],
      repeat_interval: '1h',
      wait_for: 300_000_000_000,
    });
    // And back: the same spec, with ids for the person and the team.
    expect(ruleToSpec(rule({ ...input, title: 'Down', custom_services: input.custom_services ?? null } as Partial<NotificationRule>))).toEqual({
      events: ['check.failed'],
      title: 'Down',
      filter: 'check.status == "unhealthy"',
      to: { person: PERSON, team: TEAM, url: 'slack://xoxb-token@alerts', properties: { color: 'red' } },
      properties: { secret: 'sign' },
      repeatInterval: '1h',
      waitFor: '5m',
    });
  });

  it('keeps a named recipient named, and several as to.custom', async () => {
    const named = await specToRule({ events: ['check.failed'], to: { connection: 'connection://ops/hooks', name: 'pager' } }, resolve);
    expect(named.custom_services).toEqual([{ name: 'pager', url: null, connection: 'connection://ops/hooks', properties: {} }]);
    expect(ruleToSpec(rule({ custom_services: named.custom_services! })).to).toEqual({ connection: 'connection://ops/hooks', name: 'pager' });
    const two = [
      { name: 'a', url: 'ntfy://ntfy.sh/a' },
      { name: 'b', url: 'ntfy://ntfy.sh/b' },
    ];
    expect(ruleToSpec(rule({ custom_services: two })).to).toEqual({ custom: two });
    expect((await specToRule({ events: ['check.failed'], to: { custom: two } }, resolve)).custom_services).toEqual(two);
  });

  it('refuses what it cannot map, naming each field', async () => {
    await expect(
      specToRule({ events: ['check.failed'], fallback: {}, colour: 'red', to: { person: 'nobody@example.com', email: 'a@b.c' }, waitFor: 'soon' }, resolve),
    ).rejects.toThrow(
      "spec.fallback: not supported by this console; spec.colour: unknown field (known: events, title, template, filter, to, properties, repeatInterval, waitFor); spec.to.email: not supported by this console: name a person (spec.to.person) or an smtp:// URL (spec.to.url); spec.to.person: person 'nobody@example.com' not found; spec.waitFor: 'soon' is not a duration (such as 5m or 1h)",
    );
  });
});
