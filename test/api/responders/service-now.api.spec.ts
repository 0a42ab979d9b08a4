import { ServiceNowConnectionTest } from '../../../plugins/responder-service-now/gateway/service-now.connection-test';
import { ServiceNowResponder } from '../../../plugins/responder-service-now/gateway/service-now.responder';
import { startServiceNowPeer, type ServiceNowPeer } from '../../support/peers/service-now-peer';
import { connection, incident, storeOf } from './fixtures';

describe('service_now responder against a local Table API', () => {
  let snow: ServiceNowPeer;
  beforeAll(async () => {
    snow = await startServiceNowPeer('console', 'snow-secret');
  });
  afterAll(() => snow.stop());

  const snowConnection = (password = 'snow-secret') => connection({ type: 'service_now', url: snow.url, username: 'console', password });

  it('creates an incident record and returns its number', async () => {
    const { externalId } = await new ServiceNowResponder(storeOf()).create({
      incident,
      responderId: 'r1',
      fields: { category: 'network', description: 'Checkout unreachable', body: 'Customers see 502' },
      connection: snowConnection(),
    });
    expect(externalId).toMatch(/^INC\d+$/);
    const request = snow.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(request.path).toBe('/api/now/table/incident');
    expect(request.headers['content-type']).toContain('application/json');
    expect(request.body).toMatchObject({ short_description: 'Checkout unreachable', category: 'network', urgency: '1', correlation_display: 'INC-42' });
    expect((request.body as { description: string }).description).toContain('Customers see 502');
  });

  it("fails with ServiceNow's error message", async () => {
    await expect(
      new ServiceNowResponder(storeOf()).create({
        incident,
        responderId: 'r2',
        fields: { category: 'x', description: 'd', body: 'b' },
        connection: snowConnection('bad'),
      }),
    ).rejects.toThrow('User Not Authenticated: Required to provide Auth information');
  });

  it('tests a connection by reading one user', async () => {
    await expect(new ServiceNowConnectionTest().test(snowConnection())).resolves.toBeUndefined();
    const request = snow.requests.at(-1)!;
    expect(request.path).toBe('/api/now/table/sys_user');
    expect(request.query).toEqual({ sysparm_limit: '1' });
    await expect(new ServiceNowConnectionTest().test(snowConnection('bad'))).rejects.toThrow('User Not Authenticated');
  });
});
