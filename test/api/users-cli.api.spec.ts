import { UsageError, parseArgs, runUserCommand } from '../../gateway/src/cli/users';
import { TestApp } from '../support/test-app';

/** Issue 9: how an operator adds a user and resets a password before the invite pages exist (`npm run users`). */
describe('npm run users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off' });
  });
  afterAll(() => t?.stop());

  it('adds a person with a role who can then sign in with that role', async () => {
    const out = await runUserCommand(t.pool, parseArgs(['add', 'dana@example.com', 'editor', 'Dana', 'Ruiz']), 'first-password-1');
    expect(out).toBe('Added dana@example.com (editor); they can sign in now');
    const dana = await t.signIn('dana@example.com', 'first-password-1');
    const me = await dana.agent.get('/api/auth/whoami').expect(200);
    expect(me.body.user).toMatchObject({ name: 'Dana Ruiz', email: 'dana@example.com' });
    expect(me.body.roles).toEqual(['editor']);
    await expect(runUserCommand(t.pool, parseArgs(['add', 'dana@example.com', 'viewer']), 'another-password')).rejects.toThrow(/already exists/);
  });

  it('sets a new password and ends the sessions the old one opened', async () => {
    const before = await t.signIn('dana@example.com', 'first-password-1');
    expect(await runUserCommand(t.pool, parseArgs(['set-password', 'dana@example.com']), 'second-password-2')).toMatch(/^Set a new password/);
    await before.agent.get('/api/auth/whoami').expect(401);
    await t.http().post('/api/auth/login').send({ email: 'dana@example.com', password: 'first-password-1' }).expect(401);
    await t.signIn('dana@example.com', 'second-password-2');
  });

  it('refuses what it cannot do with a clear message and changes nothing', async () => {
    expect(() => parseArgs(['add', 'x@example.com', 'root'])).toThrow('role must be one of admin, editor, commander, responder, viewer');
    expect(() => parseArgs(['delete', 'x@example.com'])).toThrow(UsageError);
    await expect(runUserCommand(t.pool, parseArgs(['set-password', 'nobody@example.com']), 'long-enough-1')).rejects.toThrow(
      'No person with the email nobody@example.com',
    );
    await expect(runUserCommand(t.pool, parseArgs(['add', 'short@example.com', 'viewer']), 'short')).rejects.toThrow('at least 8 characters');
    expect((await t.pool.query(`select count(*)::int n from people where email = 'short@example.com'`)).rows[0].n).toBe(0);
  });
});
