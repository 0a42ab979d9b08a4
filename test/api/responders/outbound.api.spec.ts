import { JiraConnectionTest } from '../../../plugins/responder-jira/gateway/jira.connection-test';
import { TestApp } from '../../support/test-app';
import { connection } from './fixtures';

/**
 * Responders and connection tests call their peers through the app's one outbound client, which carries the console's
 * address policy: a connection aimed at the console itself, its database or cloud metadata is refused before
 * anything is sent, unless an administrator allows it.
 */
describe("responders' peers and the outbound address policy", () => {
  let t: TestApp;
  const consolePort = 18_000 + Math.floor(Math.random() * 1000);
  beforeAll(async () => {
    t = await TestApp.start({ HEALTH_SCHEDULER: 'off', PORT: String(consolePort) });
  });
  afterAll(() => t?.stop());

  const jira = (url: string) => connection({ type: 'jira', url, username: 'bot', password: 'token' });

  it('injects the one client with the console policy into connection tests', async () => {
    const test = t.app.get(JiraConnectionTest, { strict: false });
    await expect(test.test(jira(`http://127.0.0.1:${consolePort}`))).rejects.toThrow(
      `127.0.0.1:${consolePort} is not reachable from the console: it is this console. An administrator can allow it.`,
    );
    const db = new URL(t.db.url);
    await expect(test.test(jira(`http://${db.hostname}:${db.port}`))).rejects.toThrow(/is not reachable from the console: it is this console's database/);
    await expect(test.test(jira('http://169.254.169.254'))).rejects.toThrow(/it is a cloud metadata address/);
  });
});
