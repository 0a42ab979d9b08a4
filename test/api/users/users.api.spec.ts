import { USER_FORM_MESSAGES, type UserRow } from '@contracts';
import { TestApp, type SignedInAgent } from '../../support/test-app';

const LAST_ADMIN = 'The console must keep at least one active admin: make another user an admin first';

describe('users API (spec 03 Users)', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  // AUTH_CACHE_MS is long here, so a deactivation that forgot to evict the cached principal would be seen.
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', AUTH_CACHE_MS: '60000' });
    admin = await t.signInAs(['admin']);
  });
  afterAll(() => t?.stop());

  const write = (a: SignedInAgent, method: 'patch' | 'delete' | 'post', url: string) => a.agent[method](url).set('x-csrf-token', a.csrf);
  const rolesOf = async (id: string) =>
    (await t.pool.query<{ role: string }>('select role from person_roles where person_id = $1 order by role', [id])).rows.map((r) => r.role);
  /** Leaves `admin` as the only active admin (other suites' admins deactivated). */
  const onlyAdmin = async () => t.pool.query(`delete from person_roles where role = 'admin' and person_id <> $1`, [admin.personId]);

  it('lists users with roles (highest first), state, invited and second factor', async () => {
    const invited = await t.pool.query<{ id: string }>(`insert into people (name, email) values ('Ivy Invited', 'ivy@test.local') returning id`);
    await t.pool.query(`insert into person_roles (person_id, role) values ($1, 'viewer'), ($1, 'editor')`, [invited.rows[0].id]);
    const withTotp = await t.createPerson(['responder']);
    await t.pool.query(`update people set totp_enabled_at = now() where id = $1`, [withTotp.id]);
    await t.pool.query(`insert into people (name, type) values ('robot', 'agent')`);

    const res = await admin.agent.get('/api/users').expect(200);
    const users = res.body as UserRow[];
    expect(users.find((u) => u.id === invited.rows[0].id)).toMatchObject({
      name: 'Ivy Invited',
      email: 'ivy@test.local',
      roles: ['editor', 'viewer'],
      state: 'active',
      invited: true,
      second_factor: false,
    });
    expect(users.find((u) => u.id === withTotp.id)).toMatchObject({ roles: ['responder'], invited: false, second_factor: true });
    expect(users.find((u) => u.id === admin.personId)).toMatchObject({ roles: ['admin'], invited: false, last_login: expect.any(String) });
    expect(users.some((u) => u.name === 'robot')).toBe(false);
    expect(Object.keys(users[0]).sort()).toEqual(
      ['avatar', 'created_at', 'email', 'id', 'invited', 'last_login', 'name', 'roles', 'second_factor', 'state'].sort(),
    );
  });

  it('shows an invited user as invited until they register through the link', async () => {
    const invite = await write(admin, 'post', '/api/users/invite')
      .send({ firstName: 'Nina', lastName: 'New', email: 'nina@test.local', role: 'editor' })
      .expect(201);
    const nina = () => admin.agent.get('/api/users').then((res) => (res.body as UserRow[]).find((u) => u.email === 'nina@test.local'));
    expect(await nina()).toMatchObject({ name: 'Nina New', roles: ['editor'], state: 'active', invited: true });
    const token = new URL(invite.body.link).searchParams.get('token');
    await t.http().post('/api/auth/register').send({ token, password: 'a-long-enough-password' }).expect(200);
    expect(await nina()).toMatchObject({ invited: false });
  });

  it('changes first and last name and roles, including API-only roles', async () => {
    const dana = await t.createPerson(['viewer']);
    const res = await write(admin, 'patch', `/api/users/${dana.id}`)
      .send({ firstName: ' Dana ', lastName: 'Ruiz', roles: ['viewer', 'commander'] })
      .expect(200);
    expect(res.body).toMatchObject({ id: dana.id, name: 'Dana Ruiz', roles: ['commander', 'viewer'] });
    expect(await rolesOf(dana.id)).toEqual(['commander', 'viewer']);
    await write(admin, 'patch', `/api/users/${dana.id}`)
      .send({ roles: ['editor'] })
      .expect(200);
    expect(await rolesOf(dana.id)).toEqual(['editor']);
  });

  it('takes a role away from a signed-in user at once', async () => {
    const ed = await t.signInAs(['editor']);
    await write(ed, 'post', '/api/db/properties').send({ name: 'editors.can', value: 'true' }).expect(201);
    await write(admin, 'patch', `/api/users/${ed.personId}`)
      .send({ roles: ['viewer'] })
      .expect(200);
    await write(ed, 'post', '/api/db/properties').send({ name: 'viewers.cannot', value: 'true' }).expect(403);
  });

  it('answers precise 400s and changes nothing', async () => {
    const p = await t.createPerson(['viewer']);
    const cases: [unknown, string][] = [
      [{ firstName: '', lastName: 'Ruiz' }, USER_FORM_MESSAGES.firstName],
      [{ firstName: 'Dana' }, USER_FORM_MESSAGES.lastName],
      [{ firstName: 'Dana', lastName: '   ' }, USER_FORM_MESSAGES.lastName],
      [{ roles: [] }, USER_FORM_MESSAGES.role],
      [{ roles: 'admin' }, 'roles must be a list of role names'],
      [{ roles: ['root'] }, "Unknown role 'root': one of admin, editor, commander, responder, viewer"],
      [{}, 'Nothing to change: send firstName, lastName or roles'],
    ];
    for (const [body, message] of cases) {
      const res = await write(admin, 'patch', `/api/users/${p.id}`)
        .send(body as object)
        .expect(400);
      expect(res.body.message).toBe(message);
    }
    expect(
      (
        await write(admin, 'patch', '/api/users/not-a-uuid')
          .send({ roles: ['viewer'] })
          .expect(400)
      ).body.message,
    ).toBe('The user id must be a UUID');
    await write(admin, 'patch', '/api/users/00000000-0000-4000-8000-000000000000')
      .send({ roles: ['viewer'] })
      .expect(404);
    expect(await rolesOf(p.id)).toEqual(['viewer']);
  });

  it('refuses to give oneself a role one does not hold with 403; dropping a held one is allowed', async () => {
    const second = await t.signInAs(['admin', 'editor']);
    const res = await write(second, 'patch', `/api/users/${second.personId}`)
      .send({ roles: ['admin', 'commander'] })
      .expect(403);
    expect(res.body.message).toBe('You cannot give yourself a role you do not hold (commander)');
    expect(await rolesOf(second.personId)).toEqual(['admin', 'editor']);
    await write(second, 'patch', `/api/users/${second.personId}`)
      .send({ roles: ['viewer'] })
      .expect(403);
    await write(second, 'patch', `/api/users/${second.personId}`)
      .send({ roles: ['editor'] })
      .expect(200);
    expect(await rolesOf(second.personId)).toEqual(['editor']);
    // Now an editor: no write on identities at all.
    await write(second, 'patch', `/api/users/${second.personId}`)
      .send({ roles: ['admin'] })
      .expect(403);
    expect(await rolesOf(second.personId)).toEqual(['editor']);
  });

  it('refuses to remove the last active admin, by demotion or deactivation, through any path', async () => {
    await onlyAdmin();
    await t.pool.query(`insert into person_roles (person_id, role) values ($1, 'viewer')`, [admin.personId]);
    let res = await write(admin, 'patch', `/api/users/${admin.personId}`)
      .send({ roles: ['viewer'] })
      .expect(409);
    expect(res.body.message).toBe(LAST_ADMIN);
    res = await write(admin, 'patch', `/api/db/people?id=eq.${admin.personId}`).send({ state: 'inactive' }).expect(409);
    expect(res.body.message).toBe(LAST_ADMIN);
    res = await write(admin, 'delete', `/api/db/person_roles?person_id=eq.${admin.personId}&role=eq.admin`).expect(409);
    expect(res.body.message).toBe(LAST_ADMIN);
    expect(await rolesOf(admin.personId)).toEqual(['admin', 'viewer']);
    expect((await t.pool.query(`select state from people where id = $1`, [admin.personId])).rows[0].state).toBe('active');

    // Deactivating an inactive admin's peer is fine while another active admin remains.
    const other = await t.createPerson(['admin']);
    await write(admin, 'delete', `/api/users/${other.id}`).expect(204);
    res = await write(admin, 'patch', `/api/users/${admin.personId}`)
      .send({ roles: ['viewer'] })
      .expect(409);
    expect(res.body.message).toBe(LAST_ADMIN);
    await t.pool.query(`delete from person_roles where person_id = $1 and role = 'viewer'`, [admin.personId]);
  });

  /** Runs `race` with `a` and `b` as the only two active admins, then gives `admin` its role back whatever happened. */
  async function withTwoAdmins(race: (a: SignedInAgent, b: SignedInAgent) => Promise<void>) {
    await onlyAdmin();
    const [a, b] = await Promise.all([t.signInAs(['admin']), t.signInAs(['admin'])]);
    // Take `admin` out of the way through the database, so a and b are the only two active admins.
    await t.pool.query(`delete from person_roles where person_id = $1 and role = 'admin'`, [admin.personId]);
    try {
      await race(a, b);
    } finally {
      await t.pool.query(`insert into person_roles (person_id, role) values ($1, 'admin') on conflict do nothing`, [admin.personId]);
    }
  }

  it('lets only one of two admins demoting each other at the same time succeed', async () => {
    for (let round = 0; round < 3; round++) {
      await withTwoAdmins(async (a, b) => {
        const [ra, rb] = await Promise.all([
          write(a, 'patch', `/api/users/${b.personId}`).send({ roles: ['viewer'] }),
          write(b, 'patch', `/api/users/${a.personId}`).send({ roles: ['viewer'] }),
        ]);
        // The loser may also be refused as no longer an admin (403) when the winner committed before its request began.
        expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
        const loser = ra.status === 200 ? rb : ra;
        expect([403, 409]).toContain(loser.status);
        const { rows } = await t.pool.query(
          `select count(*)::int n from person_roles r join people p on p.id = r.person_id
            where r.role = 'admin' and p.state = 'active' and p.id in ($1, $2)`,
          [a.personId, b.personId],
        );
        expect(rows[0].n).toBe(1);
      });
    }
  }, 180_000);

  it('lets only one of two admins deactivating each other at the same time succeed', async () => {
    await withTwoAdmins(async (a, b) => {
      const [ra, rb] = await Promise.all([write(a, 'delete', `/api/users/${b.personId}`), write(b, 'delete', `/api/users/${a.personId}`)]);
      expect([ra.status, rb.status].filter((s) => s === 204)).toHaveLength(1);
      const { rows } = await t.pool.query(`select count(*)::int n from people where id in ($1, $2) and state = 'active'`, [a.personId, b.personId]);
      expect(rows[0].n).toBe(1);
    });
  }, 120_000);

  it('deactivates a user: their live session is refused on the next request, tokens go, history stays', async () => {
    const victim = await t.signInAs(['editor']);
    await victim.agent.get('/api/auth/whoami').expect(200); // cached for AUTH_CACHE_MS
    await t.pool.query(`insert into access_tokens (name, value_hash, person_id) values ('ci', 'hash-of-ci', $1)`, [victim.personId]);
    await write(admin, 'delete', `/api/users/${victim.personId}`).expect(204);
    await victim.agent.get('/api/auth/whoami').expect(401);
    const { rows } = await t.pool.query(
      `select p.state, p.deleted_at, (select count(*)::int from access_tokens where person_id = p.id) tokens,
              (select count(*)::int from sessions where person_id = p.id and revoked_at is null) sessions
         from people p where p.id = $1`,
      [victim.personId],
    );
    expect(rows[0]).toEqual({ state: 'inactive', deleted_at: null, tokens: 0, sessions: 0 });
    const list = (await admin.agent.get('/api/users').expect(200)).body as UserRow[];
    expect(list.find((u) => u.id === victim.personId)?.state).toBe('inactive');
    await t.http().post('/api/auth/login').send({ email: victim.email, password: 'correct-horse-battery' }).expect(401);
    // Deleting again is a no-op; an inactive user's roles cannot be changed.
    await write(admin, 'delete', `/api/users/${victim.personId}`).expect(204);
    await write(admin, 'patch', `/api/users/${victim.personId}`)
      .send({ roles: ['admin'] })
      .expect(409);
  });

  it('ends a live session at once when a user is deactivated through the data API too', async () => {
    const victim = await t.signInAs(['viewer']);
    await victim.agent.get('/api/auth/whoami').expect(200); // cached for AUTH_CACHE_MS
    await write(admin, 'patch', `/api/db/people?id=eq.${victim.personId}`).send({ state: 'inactive' }).expect(204);
    await victim.agent.get('/api/auth/whoami').expect(401);
  });

  it('refuses an admin deleting themselves', async () => {
    const res = await write(admin, 'delete', `/api/users/${admin.personId}`).expect(403);
    expect(res.body.message).toBe('You cannot delete your own user');
  });

  it('refuses changes by viewers, editors, commanders and responders, and the list to all but editors', async () => {
    const target = await t.createPerson(['viewer']);
    for (const role of ['viewer', 'editor', 'commander', 'responder'] as const) {
      const who = await t.signInAs([role]);
      // Editors read everything (contracts' matrix); the others do not read identities.
      await who.agent.get('/api/users').expect(role === 'editor' ? 200 : 403);
      await write(who, 'patch', `/api/users/${target.id}`)
        .send({ roles: ['editor'] })
        .expect(403);
      await write(who, 'delete', `/api/users/${target.id}`).expect(403);
    }
    expect(await rolesOf(target.id)).toEqual(['viewer']);
    expect((await t.pool.query(`select state from people where id = $1`, [target.id])).rows[0].state).toBe('active');
  });

  it('answers 403 while settings.users is disabled', async () => {
    await t.pool.query(`insert into properties (name, value) values ('settings.users.disable', 'true')`);
    await new Promise((r) => setTimeout(r, 300)); // the NOTIFY travels through Postgres
    const res = await admin.agent.get('/api/users').expect(403);
    expect(res.body.message).toBe('The settings.users feature is disabled');
    await t.pool.query(`delete from properties where name = 'settings.users.disable'`);
  });
});
