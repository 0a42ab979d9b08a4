import { plannerPriority } from '../../../plugins/responder-ms-planner/gateway/graph.client';
import { MsPlannerConnectionTest } from '../../../plugins/responder-ms-planner/gateway/ms-planner.connection-test';
import { MsPlannerResponder } from '../../../plugins/responder-ms-planner/gateway/ms-planner.responder';
import { startGraphPeer, type GraphPeer } from '../../support/peers/graph-peer';
import { connection, incident, storeOf } from './fixtures';

describe('ms_planner responder against a local Microsoft Graph', () => {
  let graph: GraphPeer;
  beforeAll(async () => {
    graph = await startGraphPeer();
  });
  afterAll(() => graph.stop());

  const appConnection = (secret = graph.clientSecret) =>
    connection({
      type: 'ms_planner',
      url: graph.url,
      password: secret,
      properties: { tenant: graph.tenant, client_id: graph.clientId, login_url: graph.url, group_id: 'group-1' },
    });
  const userConnection = (token = graph.userToken) => connection({ type: 'ms_planner', url: graph.url, password: token });
  const fields = { plan_id: 'plan-1', bucket_id: 'bucket-2', priority: 'urgent', title: 'Checkout down', description: 'Payments fail' };

  it('gets an app token, creates the task, sets its description with If-Match and returns the task id', async () => {
    const { externalId } = await new MsPlannerResponder(storeOf()).create({ incident, responderId: 'r1', fields, connection: appConnection() });
    const task = graph.tasks.find((t) => t.id === externalId)!;
    expect(task).toMatchObject({ planId: 'plan-1', bucketId: 'bucket-2', title: 'Checkout down', priority: 1 });
    expect(task.description).toContain('Payments fail');
    const token = graph.requests.find((r) => r.path === `/${graph.tenant}/oauth2/v2.0/token`)!;
    expect(token.body).toMatchObject({ grant_type: 'client_credentials', client_id: graph.clientId, client_secret: graph.clientSecret });
    const patch = graph.requests.filter((r) => r.method === 'PATCH').at(-1)!;
    expect(patch.path).toBe(`/v1.0/planner/tasks/${externalId}/details`);
    expect(patch.headers['if-match']).toBe('W/"details-1"');
  });

  it('works with a static bearer token', async () => {
    const { externalId } = await new MsPlannerResponder(storeOf()).create({
      incident,
      responderId: 'r2',
      fields: { ...fields, priority: 'low' },
      connection: userConnection(),
    });
    expect(graph.tasks.find((t) => t.id === externalId)!.priority).toBe(9);
  });

  it("fails with Graph's and the login service's messages", async () => {
    await expect(
      new MsPlannerResponder(storeOf()).create({ incident, responderId: 'r3', fields: { ...fields, plan_id: 'nope' }, connection: userConnection() }),
    ).rejects.toThrow("BadRequest: The plan id is invalid or the plan doesn't exist.");
    await expect(new MsPlannerResponder(storeOf()).create({ incident, responderId: 'r3', fields, connection: appConnection('wrong') })).rejects.toThrow(
      'invalid_client: AADSTS7000215: Invalid client secret provided.',
    );
    await expect(new MsPlannerResponder(storeOf()).create({ incident, responderId: 'r3', fields, connection: userConnection('expired') })).rejects.toThrow(
      'InvalidAuthenticationToken',
    );
  });

  it('reads plans of the group and buckets of a plan', async () => {
    const handler = new MsPlannerResponder(storeOf(appConnection()));
    expect(await handler.options('planner.plans', {}, null)).toEqual([{ value: 'plan-1', label: 'Incidents' }]);
    expect(graph.requests.at(-1)!.path).toBe('/v1.0/groups/group-1/planner/plans');
    expect(await handler.options('planner.buckets', { plan_id: 'plan-1' }, null)).toEqual([
      { value: 'bucket-1', label: 'To do' },
      { value: 'bucket-2', label: 'Doing' },
    ]);
    expect(await new MsPlannerResponder(storeOf(userConnection())).options('planner.plans', {}, null)).toHaveLength(1);
    expect(graph.requests.at(-1)!.path).toBe('/v1.0/me/planner/plans');
  });

  it('maps priorities', () => {
    expect([plannerPriority('urgent'), plannerPriority('Important'), plannerPriority('medium'), plannerPriority('low'), plannerPriority('7')]).toEqual([
      1, 3, 5, 9, 7,
    ]);
    expect(() => plannerPriority('soon')).toThrow("Unknown Planner priority 'soon'");
  });

  it('tests connections: /me with a user token, the token endpoint with client credentials', async () => {
    await expect(new MsPlannerConnectionTest().test(userConnection())).resolves.toBeUndefined();
    expect(graph.requests.at(-1)!.path).toBe('/v1.0/me');
    await expect(new MsPlannerConnectionTest().test(userConnection('bad'))).rejects.toThrow('InvalidAuthenticationToken');
    await expect(new MsPlannerConnectionTest().test(appConnection())).resolves.toBeUndefined();
    await expect(new MsPlannerConnectionTest().test(appConnection('wrong'))).rejects.toThrow('invalid_client');
  });
});
