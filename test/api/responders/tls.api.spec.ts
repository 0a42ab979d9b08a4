import { JiraConnectionTest } from '../../../plugins/responder-jira/gateway/jira.connection-test';
import { JiraResponder } from '../../../plugins/responder-jira/gateway/jira.responder';
import { startJiraPeer, type JiraPeer } from '../../support/peers/jira-peer';
import { selfSignedCertificate } from '../../support/peers/self-signed';
import { connection, incident, storeOf } from './fixtures';

describe('HTTPS peers with a private certificate', () => {
  let jira: JiraPeer;
  let cert: string;
  beforeAll(async () => {
    const tls = selfSignedCertificate();
    cert = tls.cert;
    jira = await startJiraPeer('bot@example.com', 'jira-token', { tls });
  });
  afterAll(() => jira.stop());

  const jiraConnection = (over: { insecure_tls?: boolean; certificate?: string | null } = {}) =>
    connection({ type: 'jira', url: jira.url, username: 'bot@example.com', password: 'jira-token', ...over });

  it('refuses an untrusted certificate by default', async () => {
    expect(jira.url).toMatch(/^https:/);
    await expect(new JiraConnectionTest().test(jiraConnection())).rejects.toThrow(/self-signed certificate|unable to verify/i);
  });

  it("trusts the connection's certificate", async () => {
    await expect(new JiraConnectionTest().test(jiraConnection({ certificate: cert }))).resolves.toBeUndefined();
    const fields = { project: 'OPS', issueType: 'Task', priority: 'Low', summary: 's', description: 'd' };
    const { externalId } = await new JiraResponder(storeOf()).create({ incident, responderId: 'r', fields, connection: jiraConnection({ certificate: cert }) });
    expect(externalId).toMatch(/^OPS-/);
  });

  it('skips verification with insecure TLS, and still reports peer errors', async () => {
    await expect(new JiraConnectionTest().test(jiraConnection({ insecure_tls: true }))).resolves.toBeUndefined();
    await expect(
      new JiraResponder(storeOf()).create({
        incident,
        responderId: 'r',
        fields: { project: 'NOPE', issueType: 'Task', priority: 'Low', summary: 's', description: 'd' },
        connection: jiraConnection({ insecure_tls: true }),
      }),
    ).rejects.toThrow('project: Specify a valid project ID or key');
  });
});
