import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { CSRF_COOKIE, NOTIFICATION_EVENTS } from '@contracts';
import { TestApp, TEST_PASSWORD, type SignedInAgent } from '../../../test/support/test-app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function eventually<T>(probe: () => Promise<T> | T, accept: (value: T) => boolean, what: string, tries = 200, everyMs = 50): Promise<T> {
  let value: T | undefined;
  for (let i = 0; i < tries; i++) {
    value = await probe();
    if (accept(value)) return value;
    await pause(everyMs);
  }
  throw new Error(`${what} did not happen (last: ${JSON.stringify(value)})`);
}

const MINUTE_NS = 60_000_000_000;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('notifications API', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let editor: SignedInAgent;
  let checkId: string;
  let canaryId: string;
  let componentId: string;

  const post = (who: SignedInAgent, url: string, body: unknown) =>
    who.agent
      .post(url)
      .set('x-csrf-token', who.csrf)
      .send(body as object);
  const patch = (who: SignedInAgent, url: string, body: unknown) =>
    who.agent
      .patch(url)
      .set('x-csrf-token', who.csrf)
      .send(body as object);
  const del = (who: SignedInAgent, url: string) => who.agent.delete(url).set('x-csrf-token', who.csrf);
  const count = async (table: string) => Number((await t.pool.query(`select count(*) as n from ${table}`)).rows[0].n);
  const rule = (extra: Record<string, unknown> = {}) => ({
    name: `rule-${Math.random().toString(36).slice(2, 8)}`,
    events: ['check.failed'],
    person_id: admin.personId,
    ...extra,
  });

  beforeAll(async () => {
    t = await TestApp.start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-api-')) });
    admin = await t.signInAs(['admin']);
    editor = await t.signInAs(['editor']);
    canaryId = (await t.pool.query(`insert into canaries (name) values ('payments') returning id`)).rows[0].id;
    checkId = (await t.pool.query(`insert into checks (canary_id, type, name) values ($1, 'http', 'payments-api') returning id`, [canaryId])).rows[0].id;
    componentId = (await t.pool.query(`insert into components (name, type) values ('payments-db', 'Database') returning id`)).rows[0].id;
  });
  afterAll(() => t?.stop());

  describe('rules', () => {
    it('creates, reads, lists, changes and soft-deletes a rule', async () => {
      const created = await post(editor, '/api/notifications/rules', {
        name: 'Failing payments',
        title: 'Check {{.check.name}} failed',
        events: ['check.failed', 'check.passed', 'check.failed'],
        filter: "check.labels.env == 'prod'",
        template: '**{{.check.name}}** is {{.check.status}}',
        properties: { priority: 'high' },
        person_id: editor.personId,
        repeat_interval: '1h',
        wait_for: 5 * MINUTE_NS,
        source: 'KubernetesCRD',
        created_by: admin.personId,
      }).expect(201);
      expect(created.body).toMatchObject({
        name: 'Failing payments',
        namespace: 'default',
        events: ['check.failed', 'check.passed'],
        filter: "check.labels.env == 'prod'",
        properties: { priority: 'high' },
        person_id: editor.personId,
        team_id: null,
        custom_services: null,
        repeat_interval: '1h',
        wait_for: 5 * MINUTE_NS,
        source: 'UI',
        created_by: editor.personId,
        pending: 0,
        failed: 0,
        sent: 0,
      });
      const id = created.body.id as string;
      expect((await admin.agent.get(`/api/notifications/rules/${id}`).expect(200)).body).toEqual(created.body);

      const changed = await patch(editor, `/api/notifications/rules/${id}`, { title: null, wait_for: null, repeat_interval: '30m' }).expect(200);
      expect(changed.body).toMatchObject({
        name: 'Failing payments',
        title: null,
        wait_for: null,
        repeat_interval: '30m',
        events: ['check.failed', 'check.passed'],
      });
      expect(new Date(changed.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.body.updated_at).getTime());

      await del(editor, `/api/notifications/rules/${id}`).expect(204);
      expect((await admin.agent.get(`/api/notifications/rules/${id}`).expect(404)).body.message).toBe('Notification not found');
      await del(editor, `/api/notifications/rules/${id}`).expect(404);
      await patch(editor, `/api/notifications/rules/${id}`, { name: 'x' }).expect(404);
      const list = await admin.agent.get('/api/notifications/rules?pageSize=200').expect(200);
      expect(list.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
      const { rows } = await t.pool.query(`select deleted_at from notifications where id = $1`, [id]);
      expect(rows[0].deleted_at).not.toBeNull();
      // The name is free again once the rule is gone.
      await post(editor, '/api/notifications/rules', rule({ name: 'Failing payments' })).expect(201);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await admin.agent.get(`/api/notifications/rules/${MISSING}`).expect(404)).body.message).toBe('Notification not found');
      await admin.agent.get('/api/notifications/rules/not-an-id').expect(404);
    });

    it('keeps names unique per namespace (409)', async () => {
      const body = rule({ name: 'Unique one' });
      await post(admin, '/api/notifications/rules', body).expect(201);
      const clash = await post(admin, '/api/notifications/rules', body).expect(409);
      expect(clash.body.message).toBe('A notification named Unique one already exists');
      await post(admin, '/api/notifications/rules', { ...body, namespace: 'payments' }).expect(201);
      const other = await post(admin, '/api/notifications/rules', rule({ name: 'Unique two' })).expect(201);
      expect((await patch(admin, `/api/notifications/rules/${other.body.id}`, { name: 'Unique one' }).expect(409)).body.message).toBe(
        'A notification named Unique one already exists',
      );
    });

    describe('refuses a bad rule with a message naming the field, and stores nothing', () => {
      const cases: [string, () => Record<string, unknown>, string | RegExp][] = [
        [
          'nothing',
          () => ({}),
          'name: This field is required; events: Events are required; recipients: at least one of person_id, team_id or custom_services is required',
        ],
        ['a blank name', () => rule({ name: '  ' }), 'name: This field is required'],
        ['a name that is not text', () => rule({ name: 42 }), 'name: must be a string'],
        ['no events', () => rule({ events: [] }), 'events: Events are required'],
        [
          'an unknown event',
          () => rule({ events: ['check.failed', 'check.exploded'] }),
          `events[1]: unknown event 'check.exploded' (known: ${NOTIFICATION_EVENTS.join(', ')})`,
        ],
        ['a filter that does not compile', () => rule({ filter: 'check.name ==' }), /^filter: \S/],
        ['a filter naming an unknown field', () => rule({ filter: 'check.nosuch.deeper == 1' }), /^filter: \S/],
        ['a filter that is not a condition', () => rule({ filter: 'check.name' }), /^filter: The filter must answer true or false, not string$/],
        ['a title that does not render', () => rule({ title: '{{ .check.name ' }), /^title: \S/],
        ['a template that does not render', () => rule({ template: 'Hi {{ if }}' }), /^template: \S/],
        ['a repeat interval under a minute', () => rule({ repeat_interval: '30s' }), 'repeat_interval: Duration must be greater than 1 minute'],
        [
          'a repeat interval that is no duration',
          () => rule({ repeat_interval: 'daily' }),
          "repeat_interval: 'daily' is not a duration (such as 1h, 30m, 1d or 1w)",
        ],
        ['a wait for under a minute', () => rule({ wait_for: MINUTE_NS - 1 }), 'wait_for: Duration must be greater than 1 minute'],
        ['a wait for that is not nanoseconds', () => rule({ wait_for: '5m' }), 'wait_for: must be a whole number of nanoseconds'],
        ['properties that are not strings', () => rule({ properties: { priority: 1 } }), 'properties.priority: must be a string'],
        ['properties that are no map', () => rule({ properties: ['a'] }), 'properties: must be an object of strings'],
        ['no recipient', () => rule({ person_id: null, custom_services: [] }), 'recipients: at least one of person_id, team_id or custom_services is required'],
        ['a person id that is no id', () => rule({ person_id: 'bob' }), 'person_id: must be a UUID'],
        ['a person that does not exist', () => rule({ person_id: MISSING }), 'person_id: person not found'],
        ['a team that does not exist', () => rule({ team_id: MISSING }), 'team_id: team not found'],
        [
          'custom services that are no list',
          () => rule({ custom_services: { name: 'x' } }),
          'custom_services: must be a list of {name, url} or {name, connection}',
        ],
        [
          'a custom service without a name',
          () => rule({ custom_services: [{ url: 'generic+https://hooks.example.com/x' }] }),
          'custom_services[0].name: This field is required',
        ],
        ['a custom service without url or connection', () => rule({ custom_services: [{ name: 'ops' }] }), 'custom_services[0]: url or connection is required'],
        [
          'a custom service with both',
          () => rule({ custom_services: [{ name: 'ops', url: 'generic+https://hooks.example.com/x', connection: 'connection://hooks' }] }),
          'custom_services[0]: give either url or connection, not both',
        ],
        [
          'two custom services with one name',
          () =>
            rule({
              custom_services: [
                { name: 'ops', url: 'generic+https://a.example.com/x' },
                { name: 'ops', url: 'generic+https://b.example.com/x' },
              ],
            }),
          "custom_services[1].name: 'ops' is used twice",
        ],
        [
          'an unknown channel scheme',
          () => rule({ custom_services: [{ name: 'ops', url: 'foo://bar' }] }),
          /^custom_services\[0\]\.url: unknown channel scheme 'foo' \(known: .*generic\+https.*\)$/,
        ],
        [
          'a URL without scheme',
          () => rule({ custom_services: [{ name: 'ops', url: 'hooks.example.com' }] }),
          /^custom_services\[0\]\.url: a channel URL starts with its scheme/,
        ],
        [
          "a URL the channel refuses (the channel's own problem, prefixed)",
          () => rule({ custom_services: [{ name: 'ops', url: 'generic+https://hooks.example.com/x?method=GET' }] }),
          /^custom_services\[0\]\.url: .*GET/,
        ],
        [
          'a connection that is no reference',
          () => rule({ custom_services: [{ name: 'ops', connection: 'hooks' }] }),
          'custom_services[0].connection: must be a connection reference (connection://[namespace/]name)',
        ],
        [
          'a connection that does not exist',
          () => rule({ custom_services: [{ name: 'ops', connection: 'connection://default/nothing' }] }),
          "custom_services[0].connection: connection 'connection://default/nothing' not found",
        ],
        [
          'a connection no channel takes',
          () => rule({ custom_services: [{ name: 'ops', connection: 'connection://default/warehouse' }] }),
          /^custom_services\[0\]\.connection: no channel takes connections of type 'postgres'/,
        ],
      ];

      beforeAll(async () => {
        await t.pool.query(`insert into connections (name, type, url) values ('warehouse', 'postgres', 'postgres://db.example.com/x')`);
      });

      it.each(cases)('%s', async (_what, body, message) => {
        const before = await count('notifications');
        const res = await post(editor, '/api/notifications/rules', body()).expect(400);
        if (typeof message === 'string') expect(res.body.message).toBe(message);
        else expect(res.body.message).toMatch(message);
        expect(await count('notifications')).toBe(before);
      });

      it('names every problem at once', async () => {
        const res = await post(editor, '/api/notifications/rules', rule({ events: ['nope'], wait_for: 1, repeat_interval: '1s' })).expect(400);
        expect(res.body.details).toEqual([
          `events[0]: unknown event 'nope' (known: ${NOTIFICATION_EVENTS.join(', ')})`,
          'repeat_interval: Duration must be greater than 1 minute',
          'wait_for: Duration must be greater than 1 minute',
        ]);
      });

      it('checks a change the same way and leaves the rule as it was', async () => {
        const created = await post(editor, '/api/notifications/rules', rule({ wait_for: 2 * MINUTE_NS })).expect(201);
        const url = `/api/notifications/rules/${created.body.id}`;
        expect((await patch(editor, url, { wait_for: 10 }).expect(400)).body.message).toBe('wait_for: Duration must be greater than 1 minute');
        expect((await patch(editor, url, { events: [] }).expect(400)).body.message).toBe('events: Events are required');
        expect((await patch(editor, url, { person_id: null }).expect(400)).body.message).toBe(
          'recipients: at least one of person_id, team_id or custom_services is required',
        );
        // The filter is checked against the events the rule will have: config events have no `check`.
        await patch(editor, url, { filter: "check.name == 'payments-api'" }).expect(200);
        expect((await patch(editor, url, { events: ['config.unhealthy'] }).expect(400)).body.message).toMatch(/^filter: /);
        expect((await admin.agent.get(url).expect(200)).body).toMatchObject({ wait_for: 2 * MINUTE_NS, events: ['check.failed'], person_id: admin.personId });
      });
    });

    it('takes Team and Others recipients: channel URLs and connections of a type a channel takes', async () => {
      const team = (await t.pool.query(`insert into teams (name) values ('payments') returning id`)).rows[0].id;
      await t.pool.query(`insert into connections (name, namespace, type, url) values ('hooks', 'ops', 'webhook', 'https://hooks.example.com/in')`);
      const res = await post(editor, '/api/notifications/rules', {
        name: 'Others',
        events: ['config.unhealthy', 'incident.status.*'],
        team_id: team,
        custom_services: [
          { name: 'hook', url: 'generic+https://hooks.example.com/a', properties: { secret: 's' } },
          { name: 'stored', connection: 'connection://ops/hooks' },
        ],
      }).expect(201);
      expect(res.body).toMatchObject({
        team_id: team,
        person_id: null,
        events: ['config.unhealthy', 'incident.status.*'],
        custom_services: [
          { name: 'hook', url: 'generic+https://hooks.example.com/a', connection: null, properties: { secret: 's' } },
          { name: 'stored', url: null, connection: 'connection://ops/hooks', properties: {} },
        ],
      });
    });

    it('pages and sorts the list', async () => {
      for (const name of ['zz-page-b', 'zz-page-a', 'zz-page-c']) await post(admin, '/api/notifications/rules', rule({ name })).expect(201);
      const total = await count(`notifications where deleted_at is null`);
      const all = await admin.agent.get(`/api/notifications/rules?pageSize=200&sortBy=name&sortOrder=desc`).expect(200);
      expect(all.body.totalEntries).toBe(total);
      expect(all.body.data.slice(0, 3).map((r: { name: string }) => r.name)).toEqual(['zz-page-c', 'zz-page-b', 'zz-page-a']);
      const first = await admin.agent.get('/api/notifications/rules?pageIndex=0&pageSize=2&sortBy=name&sortOrder=desc').expect(200);
      const second = await admin.agent.get('/api/notifications/rules?pageIndex=1&pageSize=2&sortBy=name&sortOrder=desc').expect(200);
      expect(first.body.data.map((r: { name: string }) => r.name)).toEqual(['zz-page-c', 'zz-page-b']);
      expect(second.body.data[0].name).toBe('zz-page-a');
      expect(first.body.totalEntries).toBe(total);
      const byDefault = await admin.agent.get('/api/notifications/rules').expect(200);
      const names = byDefault.body.data.map((r: { name: string }) => r.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      expect((await admin.agent.get('/api/notifications/rules?sortBy=password').expect(400)).body.message).toMatch(/^sortBy: must be one of name, /);
      expect((await admin.agent.get('/api/notifications/rules?sortOrder=sideways').expect(400)).body.message).toBe('sortOrder: must be asc or desc');
      expect((await admin.agent.get('/api/notifications/rules?pageSize=0').expect(400)).body.message).toBe('pageSize: must be a whole number from 1 to 200');
    });

    it('checks a filter as the form types it (200 either way)', async () => {
      const check = (body: unknown) => post(editor, '/api/notifications/rules/validate-filter', body).expect(200);
      expect((await check({ filter: "check.status == 'unhealthy'", events: ['check.failed'] })).body).toEqual({ ok: true });
      expect((await check({ filter: '' })).body).toEqual({ ok: true });
      expect((await check({ filter: 'check.name ==' })).body).toEqual({ ok: false, error: expect.any(String) });
      expect((await check({ filter: '1 + 1', events: ['check.failed'] })).body).toEqual({ ok: false, error: 'The filter must answer true or false, not int' });
      const perEvent = (await check({ filter: "check.name == 'x'", events: ['check.failed', 'config.updated'] })).body;
      expect(perEvent).toEqual({ ok: false, error: expect.stringMatching(/^config\.updated: /) });
      expect((await check({ filter: 'true', events: ['nope'] })).body).toEqual({
        ok: false,
        error: `events[0]: unknown event 'nope' (known: ${NOTIFICATION_EVENTS.join(', ')})`,
      });
    });

    it('previews a template against a sample event', async () => {
      const res = await post(editor, '/api/notifications/rules/preview', {
        event: 'check.failed',
        title: 'Down: {{.check.name}}',
        template: '**{{.check.name}}** <b>is</b> {{.check.status}}',
      }).expect(200);
      expect(res.body.title).toBe('Down: payments-api');
      expect(res.body.body).toBe('**payments-api** <b>is</b> unhealthy');
      expect(res.body.html).toContain('<strong>payments-api</strong>');
      expect(res.body.html).toContain('&lt;b&gt;is&lt;/b&gt;');
      // The check's latest result as `status`, as templates written for other consoles read it.
      const status = await post(editor, '/api/notifications/rules/preview', { event: 'check.failed', template: '{{.status.error}}' }).expect(200);
      expect(status.body.body).toBe('expected status 200, got 503');
      const defaults = await post(editor, '/api/notifications/rules/preview', { event: 'config.unhealthy' }).expect(200);
      expect(defaults.body.title).toBeTruthy();
      expect((await post(editor, '/api/notifications/rules/preview', { template: 'x' }).expect(400)).body.message).toBe('event: This field is required');
      expect((await post(editor, '/api/notifications/rules/preview', { event: 'check.*' }).expect(400)).body.message).toMatch(
        /^event: unknown event 'check\.\*'/,
      );
      expect((await post(editor, '/api/notifications/rules/preview', { event: 'check.failed', template: '{{ if }}' }).expect(400)).body.message).toMatch(
        /^template: /,
      );
    });

    it('lists the registered channels', async () => {
      const res = await admin.agent.get('/api/notifications/channels').expect(200);
      const webhook = res.body.find((c: { type: string }) => c.type === 'webhook');
      expect(webhook).toEqual({
        type: 'webhook',
        label: 'Webhook',
        schemes: ['generic+http', 'generic+https', 'generic'],
        connectionTypes: ['webhook', 'http'],
      });
      expect(res.body.map((c: { type: string }) => c.type)).toEqual([...res.body.map((c: { type: string }) => c.type)].sort());
    });
  });

  describe('silences', () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

    it('creates one on a check (POST /api/silence), reads, lists, changes and soft-deletes it', async () => {
      const created = await post(editor, '/api/silence', { check_id: checkId, until: inAnHour(), description: 'maintenance' }).expect(201);
      expect(created.body).toMatchObject({
        check_id: checkId,
        canary_id: null,
        description: 'maintenance',
        recursive: false,
        source: 'UI',
        created_by: editor.personId,
        resource: { type: 'check', id: checkId, name: 'payments-api' },
        created_by_person: { id: editor.personId },
        expired: false,
      });
      const id = created.body.id as string;
      expect((await admin.agent.get(`/api/notifications/silences/${id}`).expect(200)).body).toEqual(created.body);

      // Naming another resource clears the first (the form's resource switch).
      const changed = await patch(editor, `/api/notifications/silences/${id}`, { component_id: componentId, recursive: true }).expect(200);
      expect(changed.body).toMatchObject({ check_id: null, component_id: componentId, recursive: true, resource: { type: 'component', name: 'payments-db' } });
      expect(new Date(changed.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.body.updated_at).getTime());
      await patch(editor, `/api/notifications/silences/${id}`, { description: 'longer maintenance' }).expect(200);
      expect((await admin.agent.get(`/api/notifications/silences/${id}`)).body).toMatchObject({ component_id: componentId, description: 'longer maintenance' });

      await del(editor, `/api/notifications/silences/${id}`).expect(204);
      expect((await admin.agent.get(`/api/notifications/silences/${id}`).expect(404)).body.message).toBe('Silence not found');
      await del(editor, `/api/notifications/silences/${id}`).expect(404);
      const { rows } = await t.pool.query(`select deleted_at from notification_silences where id = $1`, [id]);
      expect(rows[0].deleted_at).not.toBeNull();
    });

    it('takes label selectors or a filter instead of a resource (POST /api/notifications/silences)', async () => {
      const bySelector = await post(editor, '/api/notifications/silences', { selectors: 'env=prod,team!=payments,!canary', until: inAnHour() }).expect(201);
      expect(bySelector.body).toMatchObject({ selectors: 'env=prod,team!=payments,!canary', resource: null });
      const byFilter = await post(editor, '/api/notifications/silences', { filter: "config.type == 'Kubernetes::Pod'", until: inAnHour() }).expect(201);
      expect(byFilter.body).toMatchObject({ filter: "config.type == 'Kubernetes::Pod'", resource: null });
    });

    describe('refuses a bad silence with a message naming the field, and stores nothing', () => {
      const cases: [string, () => Record<string, unknown>, string | RegExp][] = [
        ['no resource, selectors or filter', () => ({ until: inAnHour() }), 'resource: This field is required'],
        ['no until', () => ({ check_id: checkId }), 'until: This field is required'],
        ['an until that is no date', () => ({ check_id: checkId, until: 'tomorrow' }), 'until: must be an ISO date-time (2024-01-31T12:00:00Z)'],
        [
          'a window under a minute',
          () => ({ check_id: checkId, from: '2030-01-01T00:00:00Z', until: '2030-01-01T00:00:30Z' }),
          'until: Duration must be greater than 1 minute',
        ],
        ['until before from', () => ({ check_id: checkId, from: '2030-01-01T01:00:00Z', until: '2030-01-01T00:00:00Z' }), 'until: must be after from'],
        ['until in the past (from is now)', () => ({ check_id: checkId, until: '2020-01-01T00:00:00Z' }), 'until: must be after from'],
        ['two resources', () => ({ check_id: checkId, canary_id: canaryId, until: inAnHour() }), 'resource: give only one of canary_id, check_id'],
        ['a resource that does not exist', () => ({ config_id: MISSING, until: inAnHour() }), 'config_id: config not found'],
        ['a resource id that is no id', () => ({ check_id: 'x', until: inAnHour() }), 'check_id: must be a UUID'],
        ['a filter that does not compile', () => ({ filter: 'check.name ==', until: inAnHour() }), /^filter: \S/],
        ['a filter that is not a condition', () => ({ filter: '"text"', until: inAnHour() }), /^filter: .*true or false/],
        ['selectors that do not read', () => ({ selectors: 'env=prod,=x', until: inAnHour() }), /^selectors: /],
        [
          'set-based selectors',
          () => ({ selectors: 'env in (prod,dev)', until: inAnHour() }),
          'selectors: in and notin are not supported here (k=v, k!=v, k, !k)',
        ],
        ['recursive that is no boolean', () => ({ check_id: checkId, until: inAnHour(), recursive: 'yes' }), 'recursive: must be true or false'],
      ];
      it.each(cases)('%s', async (_what, body, message) => {
        const before = await count('notification_silences');
        const res = await post(editor, '/api/silence', body()).expect(400);
        if (typeof message === 'string') expect(res.body.message).toBe(message);
        else expect(res.body.message).toMatch(message);
        expect(await count('notification_silences')).toBe(before);
      });

      it('checks a change the same way', async () => {
        const created = await post(editor, '/api/silence', { check_id: checkId, until: inAnHour() }).expect(201);
        const url = `/api/notifications/silences/${created.body.id}`;
        expect((await patch(editor, url, { check_id: null }).expect(400)).body.message).toBe('resource: This field is required');
        expect((await patch(editor, url, { until: created.body.from }).expect(400)).body.message).toBe('until: must be after from');
        expect((await admin.agent.get(url)).body.check_id).toBe(checkId);
      });
    });

    it('pages the list newest first and says which are expired', async () => {
      const { rows } = await t.pool.query(
        `insert into notification_silences (check_id, "from", until, created_at) values ($1, now() - interval '2 days', now() - interval '1 day', now() + interval '1 hour')
         returning id`,
        [checkId],
      );
      const first = await admin.agent.get('/api/notifications/silences?pageSize=1').expect(200);
      expect(first.body.data).toEqual([expect.objectContaining({ id: rows[0].id, expired: true })]);
      expect(first.body.totalEntries).toBe(await count('notification_silences where deleted_at is null'));
      const second = await admin.agent.get('/api/notifications/silences?pageSize=1&pageIndex=1').expect(200);
      expect(second.body.data[0].id).not.toBe(rows[0].id);
      const asc = await admin.agent.get('/api/notifications/silences?pageSize=200&sortBy=until&sortOrder=asc').expect(200);
      expect(asc.body.data[0].id).toBe(rows[0].id);
      await admin.agent.get('/api/notifications/silences?sortBy=id').expect(400);
    });
  });

  describe('send history', () => {
    let ruleA: { id: string; name: string };
    let ruleB: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ruleA = (await post(admin, '/api/notifications/rules', rule({ name: 'History A' })).expect(201)).body;
      ruleB = (await post(admin, '/api/notifications/rules', rule({ name: 'History B' })).expect(201)).body.id;
      const insert = async (
        key: string,
        values: { rule: string; status: string; type: string | null; resource: string | null; at: string; person?: string | null },
      ) => {
        const { rows } = await t.pool.query(
          `insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type, person_id, body, payload, created_at, recipient, channel, title)
           values ($1, $2, 'check.failed', $3, $4, $5, 'the body', '{"secret":"payload-only"}', $6, $7, 'console', 'T')
           returning id`,
          [
            values.rule,
            values.status,
            values.resource,
            values.type,
            values.person ?? null,
            values.at,
            values.person ? `person:${values.person}` : 'custom:ops',
          ],
        );
        ids[key] = rows[0].id;
      };
      await insert('sent', { rule: ruleA.id, status: 'sent', type: 'check', resource: checkId, at: '2030-01-01T00:00:05Z', person: admin.personId });
      await insert('error', { rule: ruleA.id, status: 'error', type: 'check', resource: checkId, at: '2030-01-01T00:00:04Z' });
      await insert('silenced', { rule: ruleA.id, status: 'silenced', type: 'component', resource: componentId, at: '2030-01-01T00:00:03Z' });
      await insert('otherRule', { rule: ruleB, status: 'sent', type: 'config', resource: null, at: '2030-01-01T00:00:02Z' });
      await insert('repeat', { rule: ruleB, status: 'repeat-interval', type: 'check', resource: checkId, at: '2030-01-01T00:00:01Z' });
    });

    it('lists newest first with the rule, the person and the resource, never the payload', async () => {
      const res = await admin.agent.get('/api/notifications/history?pageSize=5').expect(200);
      expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([ids.sent, ids.error, ids.silenced, ids.otherRule, ids.repeat]);
      expect(res.body.totalEntries).toBe(5);
      const sent = res.body.data[0];
      expect(sent).toMatchObject({
        status: 'sent',
        notification: { id: ruleA.id, name: 'History A' },
        person: { id: admin.personId },
        resource: { id: checkId, name: 'payments-api' },
        resource_type: 'check',
        recipient: `person:${admin.personId}`,
        channel: 'console',
        body: 'the body',
      });
      expect(sent).not.toHaveProperty('payload');
      expect(JSON.stringify(res.body)).not.toContain('payload-only');
      expect(res.body.data[1].person).toBeNull();
    });

    it('filters by status and resource type (comma lists) and by rule, and pages', async () => {
      const ofList = async (query: string) => {
        const res = await admin.agent.get(`/api/notifications/history?${query}`).expect(200);
        return { ids: res.body.data.map((r: { id: string }) => r.id), total: res.body.totalEntries };
      };
      expect(await ofList('status=sent,error')).toEqual({ ids: [ids.sent, ids.error, ids.otherRule], total: 3 });
      expect(await ofList('resourceType=check')).toEqual({ ids: [ids.sent, ids.error, ids.repeat], total: 3 });
      expect(await ofList('status=sent&resourceType=check,config')).toEqual({ ids: [ids.sent, ids.otherRule], total: 2 });
      expect(await ofList(`notificationId=${ruleB}`)).toEqual({ ids: [ids.otherRule, ids.repeat], total: 2 });
      expect(await ofList('pageSize=2&pageIndex=1')).toEqual({ ids: [ids.silenced, ids.otherRule], total: 5 });
      expect(await ofList('sortBy=created_at&sortOrder=asc&pageSize=1')).toEqual({ ids: [ids.repeat], total: 5 });
      // A time window on created_at: from inclusive, to exclusive; ISO or relative to now.
      expect(await ofList('from=2030-01-01T00:00:03Z')).toEqual({ ids: [ids.sent, ids.error, ids.silenced], total: 3 });
      expect(await ofList('to=2030-01-01T00:00:03Z&status=sent')).toEqual({ ids: [ids.otherRule], total: 1 });
      expect(await ofList('to=now')).toEqual({ ids: [], total: 0 });
      expect(await ofList('from=now-2d')).toEqual({ ids: [ids.sent, ids.error, ids.silenced, ids.otherRule, ids.repeat], total: 5 });
      const bad = async (query: string) => (await admin.agent.get(`/api/notifications/history?${query}`).expect(400)).body.message;
      expect(await bad('from=yesterday')).toBe("from: 'yesterday' is neither an ISO date-time nor now-<n><unit> (now-2d)");
      expect(await bad('pageSize=201')).toBe('pageSize: must be a whole number from 1 to 200');
      expect(await bad('status=sent,bogus')).toMatch(/^status: unknown value 'bogus' \(known: sent, error, /);
      expect(await bad('resourceType=team')).toMatch(/^resourceType: unknown value 'team'/);
      expect(await bad('notificationId=abc')).toBe('notificationId: must be a UUID');
      expect(await bad('sortBy=payload')).toMatch(/^sortBy: must be one of /);
    });

    it('reads one row by id (404 otherwise) and the summary counts', async () => {
      const one = await admin.agent.get(`/api/notifications/history/${ids.silenced}`).expect(200);
      expect(one.body).toMatchObject({
        id: ids.silenced,
        status: 'silenced',
        resource: { id: componentId, name: 'payments-db' },
        notification: { name: 'History A' },
      });
      expect(one.body).not.toHaveProperty('payload');
      expect((await admin.agent.get(`/api/notifications/history/${MISSING}`).expect(404)).body.message).toBe('Notification not found');
      const windowed = await admin.agent.get('/api/notifications/history/summary?from=2030-01-01T00:00:04Z').expect(200);
      expect(windowed.body).toEqual([
        { resource_type: 'check', status: 'error', count: 1 },
        { resource_type: 'check', status: 'sent', count: 1 },
      ]);
      await admin.agent.get('/api/notifications/history/summary?to=later').expect(400);
      const summary = await admin.agent.get('/api/notifications/history/summary').expect(200);
      expect(summary.body).toEqual(
        expect.arrayContaining([
          { resource_type: 'check', status: 'sent', count: 1 },
          { resource_type: 'check', status: 'error', count: 1 },
          { resource_type: 'check', status: 'repeat-interval', count: 1 },
          { resource_type: 'component', status: 'silenced', count: 1 },
          { resource_type: 'config', status: 'sent', count: 1 },
        ]),
      );
    });

    it('keeps the data API to reads, without the payload', async () => {
      for (const table of ['notification_send_history', 'notification_send_history_summary']) {
        const rows = await admin.agent.get(`/api/db/${table}?id=eq.${ids.sent}`).expect(200);
        expect(rows.body).toHaveLength(1);
        expect(rows.body[0]).not.toHaveProperty('payload');
        expect(rows.body[0]).toMatchObject({ id: ids.sent, body: 'the body' });
        expect((await admin.agent.get(`/api/db/${table}?select=payload`)).status).toBe(400);
        expect((await admin.agent.get(`/api/db/${table}?payload=not.is.null`)).status).toBe(400);
      }
      const summary = await admin.agent.get(`/api/db/notification_send_history_summary?id=eq.${ids.sent}&select=id,resource`).expect(200);
      expect(summary.body[0].resource).toMatchObject({ name: 'payments-api' });
      await admin.agent.get('/api/db/notifications_with_status?limit=1').expect(200);
      for (const table of ['notifications', 'notification_silences', 'notification_send_history']) {
        const before = await count(table);
        await post(admin, `/api/db/${table}`, { name: 'x', events: ['check.failed'] }).expect(405);
        await patch(admin, `/api/db/${table}?id=eq.${ruleA.id}`, { name: 'renamed' }).expect(405);
        expect(await count(table)).toBe(before);
      }
    });
  });

  describe('the bell', () => {
    let me: SignedInAgent;
    let other: SignedInAgent;
    let ruleId: string;
    const addRow = async (person: string, status: string, at: string | null = null) =>
      (
        await t.pool.query(
          `insert into notification_send_history (notification_id, status, source_event, person_id, recipient, channel, title, created_at)
           values ($1, $2, 'check.failed', $3::uuid, 'person:' || $3::text, 'console', 'Check payments-api has failed', coalesce($4::timestamptz, now())) returning id`,
          [ruleId, status, person, at],
        )
      ).rows[0].id as string;

    beforeAll(async () => {
      me = await t.signInAs(['viewer']);
      other = await t.signInAs(['viewer']);
      ruleId = (await post(admin, '/api/notifications/rules', rule({ name: 'Bell rule' })).expect(201)).body.id;
    });

    it("shows the caller's sent and failed notifications, newest first, with the unread count", async () => {
      const old = await addRow(me.personId, 'sent', '2024-01-01T00:00:00Z');
      const failed = await addRow(me.personId, 'error', '2024-01-02T00:00:00Z');
      await addRow(me.personId, 'pending');
      await addRow(me.personId, 'silenced');
      await addRow(other.personId, 'sent');
      const inbox = await me.agent.get('/api/notifications/inbox').expect(200);
      expect(inbox.body).toEqual({
        unread: 2,
        items: [
          expect.objectContaining({ id: failed, status: 'error', title: 'Check payments-api has failed', notification_id: ruleId, read: false }),
          expect.objectContaining({ id: old, status: 'sent', read: false }),
        ],
      });
      expect((await me.agent.get('/api/notifications/inbox?limit=1').expect(200)).body.items).toHaveLength(1);
      expect((await me.agent.get('/api/notifications/inbox?limit=101').expect(400)).body.message).toBe('limit: must be a whole number from 1 to 100');

      await post(me, '/api/notifications/inbox/read', { until: '2024-01-01T12:00:00Z' }).expect(204);
      expect((await me.agent.get('/api/notifications/inbox').expect(200)).body).toMatchObject({
        unread: 1,
        items: [
          { id: failed, read: false },
          { id: old, read: true },
        ],
      });
      await post(me, '/api/notifications/inbox/read', {}).expect(204);
      expect((await me.agent.get('/api/notifications/inbox')).body.unread).toBe(0);
      // A mark never moves back.
      await post(me, '/api/notifications/inbox/read', { until: '2023-01-01T00:00:00Z' }).expect(204);
      expect((await me.agent.get('/api/notifications/inbox')).body.unread).toBe(0);
      expect((await post(me, '/api/notifications/inbox/read', { until: 'soon' }).expect(400)).body.message).toBe(
        'until: must be an ISO date-time (2024-01-31T12:00:00Z)',
      );
      await addRow(me.personId, 'sent');
      expect((await me.agent.get('/api/notifications/inbox')).body.unread).toBe(1);
      // The other person's bell is their own.
      expect((await other.agent.get('/api/notifications/inbox')).body).toMatchObject({ unread: 1, items: [expect.objectContaining({ status: 'sent' })] });
    });

    it('marks the newest item read with its created_at as answered (milliseconds, where rows keep microseconds)', async () => {
      const reader = await t.signInAs(['viewer']);
      // A time with microseconds past the millisecond the API answers.
      await addRow(reader.personId, 'sent', '2025-03-04T05:06:07.123456Z');
      const inbox = (await reader.agent.get('/api/notifications/inbox').expect(200)).body;
      expect(inbox.unread).toBe(1);
      await post(reader, '/api/notifications/inbox/read', { until: inbox.items[0].created_at }).expect(204);
      expect((await reader.agent.get('/api/notifications/inbox')).body).toMatchObject({ unread: 0, items: [{ read: true }] });
    });

    describe('live', () => {
      let base: string;
      interface LiveStream {
        status: number;
        text(): string;
        ended(): boolean;
        close(): void;
      }
      const streams: LiveStream[] = [];
      const open = (cookie: string) =>
        new Promise<LiveStream>((resolve, reject) => {
          let text = '';
          let ended = false;
          const req = http.get(`${base}/api/notifications/inbox/stream`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('close', () => (ended = true));
            const stream = { status: res.statusCode ?? 0, text: () => text, ended: () => ended, close: () => req.destroy() };
            streams.push(stream);
            resolve(stream);
          });
          req.on('error', (error) => (ended ? undefined : reject(error)));
        });
      const sessionOf = async (email: string) => {
        const res = await t.http().post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);
        const pairs = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
        return { cookie: pairs.join('; '), csrf: pairs.find((p) => p.startsWith(`${CSRF_COOKIE}=`))?.split('=')[1] ?? '' };
      };
      const counts = (stream: LiveStream) => [...stream.text().matchAll(/event: inbox\ndata: (\{.*\})\n\n/g)].map((m) => JSON.parse(m[1]).unread as number);
      beforeAll(async () => {
        if (!t.server.listening) await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', resolve));
        base = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
      });
      afterAll(() => {
        for (const stream of streams) stream.close();
      });

      it('sends the unread count at once and again when a notification of the caller arrives, not for others', async () => {
        const person = await t.createPerson(['viewer']);
        const session = await sessionOf(person.email);
        const stream = await open(session.cookie);
        expect(stream.status).toBe(200);
        await eventually(
          () => counts(stream),
          (c) => c.length === 1,
          'the first count',
        );
        expect(counts(stream)).toEqual([0]);

        // Someone else's notification first, then the caller's (announced by the engine's trigger on
        // notification_send_history): only the second reaches this stream (one listener hears both in order, so had
        // the first been sent here it would be in the stream before the second).
        await addRow(other.personId, 'sent');
        await addRow(person.id, 'sent');
        await eventually(
          () => counts(stream),
          (c) => c.at(-1) === 1,
          'the new count',
        );
        expect(counts(stream)).toEqual([0, 1]);
        expect(stream.ended()).toBe(false);

        // Opening the bell in another tab (read) updates this one.
        await t.http().post('/api/notifications/inbox/read').set('cookie', session.cookie).set('x-csrf-token', session.csrf).send({}).expect(204);
        await eventually(
          () => counts(stream),
          (c) => c.at(-1) === 0,
          'the count after reading',
        );

        // A row that waited and then failed (an UPDATE, as the deliverer records it) counts too.
        const waiting = await addRow(person.id, 'pending');
        await t.pool.query(`update notification_send_history set status = 'error', error = 'peer down' where id = $1`, [waiting]);
        await eventually(
          () => counts(stream),
          (c) => c.at(-1) === 1,
          'the count after a failed delivery',
        );
      });

      it('ends when its session signs out, while another session of the person keeps it', async () => {
        const person = await t.createPerson(['viewer']);
        const [one, two] = [await sessionOf(person.email), await sessionOf(person.email)];
        const [first, second] = [await open(one.cookie), await open(two.cookie)];
        expect([first.status, second.status]).toEqual([200, 200]);
        await eventually(
          () => [counts(first).length, counts(second).length],
          ([a, b]) => a === 1 && b === 1,
          'both first counts',
        );
        await t.http().post('/api/auth/logout').set('cookie', one.cookie).set('x-csrf-token', one.csrf).expect(204);
        await addRow(person.id, 'sent');
        await eventually(() => first.ended(), Boolean, 'the signed-out stream ending');
        await eventually(
          () => counts(second),
          (c) => c.at(-1) === 1,
          'the other session hearing of it',
        );
        expect(second.ended()).toBe(false);
      });

      it('refuses a caller without a session', async () => {
        await t.http().get('/api/notifications/inbox/stream').expect(401);
      });
    });
  });
});
