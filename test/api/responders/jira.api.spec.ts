import { JiraConnectionTest } from '../../../plugins/responder-jira/gateway/jira.connection-test';
import { JiraResponder } from '../../../plugins/responder-jira/gateway/jira.responder';
import { startJiraPeer, type JiraPeer } from '../../support/peers/jira-peer';
import { connection, incident, storeOf } from './fixtures';

describe('jira responder against a local Jira REST server', () => {
  let jira: JiraPeer;
  beforeAll(async () => {
    jira = await startJiraPeer('bot@example.com', 'jira-token');
  });
  afterAll(() => jira.stop());

  const jiraConnection = (token = 'jira-token') => connection({ type: 'jira', url: jira.url + '/', username: 'bot@example.com', password: token });
  const fields = { project: 'OPS', issueType: 'Incident', priority: 'High', summary: 'Checkout down', description: 'Payments fail' };

  it('creates an issue with project, issue type, priority, summary and description and returns its key', async () => {
    const { externalId } = await new JiraResponder(storeOf()).create({ incident, responderId: 'r1', fields, connection: jiraConnection() });
    expect(externalId).toMatch(/^OPS-\d+$/);
    const request = jira.requests.filter((r) => r.method === 'POST' && r.path === '/rest/api/2/issue').at(-1)!;
    expect(request.headers.authorization).toBe('Basic ' + Buffer.from('bot@example.com:jira-token').toString('base64'));
    const body = request.body as { fields: Record<string, unknown> };
    expect(body.fields).toMatchObject({
      project: { key: 'OPS' },
      issuetype: { name: 'Incident' },
      priority: { name: 'High' },
      summary: 'Checkout down',
    });
    expect(body.fields.description).toContain('Payments fail');
    expect(body.fields.description).toContain(incident.url);
    expect(jira.issues.at(-1)!.key).toBe(externalId);
  });

  it("fails with Jira's field errors", async () => {
    await expect(
      new JiraResponder(storeOf()).create({ incident, responderId: 'r2', fields: { ...fields, project: 'NOPE' }, connection: jiraConnection() }),
    ).rejects.toThrow('project: Specify a valid project ID or key');
    await expect(
      new JiraResponder(storeOf()).create({ incident, responderId: 'r2', fields: { ...fields, priority: 'Whenever' }, connection: jiraConnection() }),
    ).rejects.toThrow('priority: The priority selected is invalid.');
  });

  it("fails with Jira's message on bad credentials", async () => {
    await expect(new JiraResponder(storeOf()).create({ incident, responderId: 'r3', fields, connection: jiraConnection('bad') })).rejects.toThrow(
      'You are not authenticated',
    );
  });

  it('refuses to call Jira with a field missing', async () => {
    await expect(
      new JiraResponder(storeOf()).create({ incident, responderId: 'r4', fields: { ...fields, summary: ' ' }, connection: jiraConnection() }),
    ).rejects.toThrow('The Jira responder is missing summary');
  });

  it('reads projects, issue types of a project and priorities from the instance', async () => {
    const handler = new JiraResponder(storeOf(jiraConnection()));
    expect(await handler.options('jira.projects', {}, null)).toEqual([
      { value: 'OPS', label: 'Operations' },
      { value: 'WEB', label: 'Website' },
    ]);
    expect((await handler.options('jira.issueTypes', { project: 'WEB' }, null)).map((o) => o.value)).toEqual(['Task', 'Story']);
    expect(jira.requests.at(-1)!.path).toBe('/rest/api/2/issue/createmeta/WEB/issuetypes');
    expect(await handler.options('jira.issueTypes', {}, null)).toEqual([]);
    expect((await handler.options('jira.priorities', {}, null)).map((o) => o.value)).toEqual(['Highest', 'High', 'Medium', 'Low', 'Lowest']);
  });

  it('lists the jira connections as instances', async () => {
    const c = jiraConnection();
    expect(await new JiraResponder(storeOf(c, connection({ type: 'smtp' }))).options('jira.instances', {}, null)).toEqual([{ value: c.id, label: c.name }]);
  });

  it('tests a connection with GET /rest/api/2/myself', async () => {
    await expect(new JiraConnectionTest().test(jiraConnection())).resolves.toBeUndefined();
    expect(jira.requests.at(-1)!.path).toBe('/rest/api/2/myself');
    await expect(new JiraConnectionTest().test(jiraConnection('bad'))).rejects.toThrow('You are not authenticated');
  });
});
