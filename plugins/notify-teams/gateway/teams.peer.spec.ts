import type { ChannelTarget, NotificationMessage } from '@contracts';
import { ChannelError } from '@gateway/core/notifications';
import { channelContexts, failure, urlTarget } from '../../../test/support/channel-context';
import { startTeamsPeer, type TeamsPeer } from '../../../test/support/peers/teams-peer';
import { TeamsChannel } from './teams.channel';

const message: NotificationMessage = {
  title: 'Check api failed',
  body: '**api** is unhealthy',
  event: 'check.failed',
  resource: { id: 'r1', type: 'check', name: 'api', health: 'unhealthy', status: 'unhealthy' },
  url: 'https://console.example/health?checkId=r1',
  properties: {},
  groupKey: 'rule-1:r1',
  resolved: false,
  count: 1,
};

describe('teams channel against a Teams peer', () => {
  let peer: TeamsPeer;
  let host: string;
  const teams = new TeamsChannel();
  const send = (target: ChannelTarget, ctxs = channelContexts()) => teams.send(message, target, ctxs.create({ connection: target.connection }));

  beforeAll(async () => {
    peer = await startTeamsPeer();
    host = peer.url.replace('http://', '');
  });
  afterAll(() => peer.stop());

  it("posts the card to a channel's incoming webhook, which answers 1", async () => {
    expect(await send(urlTarget(`teams://${host}${peer.connectorPath}?scheme=http`))).toEqual({ id: null });
    expect(peer.requests.at(-1)!.path).toBe(peer.connectorPath);
    const card = (peer.messages.at(-1)!.body.attachments as { content: { body: { text: string }[] } }[])[0].content;
    expect(card.body.map((b) => b.text)).toEqual(['Check api failed', '**api** is unhealthy']);
  });

  it('posts to a Workflows webhook with its signature and keeps the run id; a wrong signature is refused, not retried', async () => {
    const receipt = await send(urlTarget(`teams://${host}${peer.workflowPathAndQuery}&scheme=http`));
    expect(receipt.id).toMatch(/^08584\d{15}$/);
    expect(peer.messages.at(-1)!.via).toBe('workflow');
    expect(peer.requests.at(-1)!.query).not.toHaveProperty('scheme');
    const wrong = await failure(send(urlTarget(`teams://${host}${peer.workflowPathAndQuery.replace(/sig=[^&]+/, 'sig=forged')}&scheme=http`)));
    expect(wrong).toBeInstanceOf(ChannelError);
    expect([wrong!.message, wrong!.retryable]).toEqual([
      'Teams answered HTTP 401: DirectApiInvalidAuthorizationSignature: The provided authorization signature is not valid.',
      false,
    ]);
    expect(wrong!.message).not.toContain('forged');
  });

  it('sends through a teams connection', async () => {
    const before = peer.messages.length;
    const target: ChannelTarget = {
      url: null,
      connection: {
        id: 'c',
        name: 'ops',
        type: 'teams',
        url: `${peer.url}${peer.connectorPath}`,
        username: null,
        password: null,
        certificate: null,
        insecure_tls: false,
        properties: {},
      },
      properties: {},
    };
    await send(target);
    expect(peer.messages.length).toBe(before + 1);
  });

  it('does not retry an unknown webhook (404); retries a 5xx, a 429 and a throttled 200', async () => {
    const unknown = await failure(send(urlTarget(`teams://${host}/webhookb2/nope?scheme=http`)));
    expect([unknown!.message, unknown!.retryable]).toEqual(['Teams answered HTTP 404: Webhook not found', false]);
    peer.failNext(502, 'Bad Gateway');
    expect(await failure(send(urlTarget(`teams://${host}${peer.connectorPath}?scheme=http`)))).toMatchObject({
      message: 'Teams answered HTTP 502: Bad Gateway',
      retryable: true,
    });
    peer.failNext(429, 'Too Many Requests');
    expect(await failure(send(urlTarget(`teams://${host}${peer.connectorPath}?scheme=http`)))).toMatchObject({ retryable: true });
    peer.failNext(200, 'Microsoft Teams endpoint returned HTTP error 429 with ContextId tcid=0,server=msgapi-canary');
    expect(await failure(send(urlTarget(`teams://${host}${peer.connectorPath}?scheme=http`)))).toMatchObject({
      message: 'Teams: Microsoft Teams endpoint returned HTTP error 429 with ContextId tcid=0,server=msgapi-canary',
      retryable: true,
    });
  });

  it('is refused an address the policy denies, before anything is sent, and not retried', async () => {
    const before = peer.requests.length;
    const denied = await failure(
      send(urlTarget(`teams://${host}${peer.connectorPath}?scheme=http`), channelContexts({ listenPort: Number(host.split(':')[1]) })),
    );
    expect([denied!.message, denied!.retryable]).toEqual([
      `${host} is not reachable from notifications: it is this console. An administrator can allow it.`,
      false,
    ]);
    expect(peer.requests.length).toBe(before);
  });
});
