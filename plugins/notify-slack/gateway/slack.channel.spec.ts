import type { NotificationMessage, ResolvedConnection } from '@contracts';
import { connectionTarget, urlTarget } from '../../../test/support/channel-context';
import { SlackChannel, slackContent, slackRoute } from './slack.channel';

const channel = new SlackChannel();
const url = (u: string, properties: Record<string, string> = {}) => urlTarget(u, properties);
const connection = (c: Partial<ResolvedConnection>, properties: Record<string, string> = {}) =>
  connectionTarget({ name: 'slack-bot', type: 'slack', id: 'c1', ...c }, properties);
const message = (m: Partial<NotificationMessage> = {}): NotificationMessage => ({
  title: 'Check api failed',
  body: '**api** is *unhealthy*',
  event: 'check.failed',
  resource: { id: 'r1', type: 'check', name: 'api', health: 'unhealthy', status: 'unhealthy' },
  url: 'https://console.example/health?checkId=r1',
  properties: {},
  groupKey: 'rule-1:r1',
  resolved: false,
  count: 1,
  ...m,
});

describe('slack channel: targets', () => {
  it('reads slack://token@channel as chat.postMessage to slack.com, and the Shoutrrr token form', () => {
    expect(slackRoute(url('slack://xoxb-123-456-abc@alerts'))).toEqual({
      kind: 'api',
      endpoint: 'https://slack.com/api/chat.postMessage',
      token: 'xoxb-123-456-abc',
      channel: 'alerts',
    });
    expect(slackRoute(url('slack://xoxb:123-456-abc@C0ALERTS1'))).toMatchObject({ token: 'xoxb-123-456-abc', channel: 'C0ALERTS1' });
    expect(slackRoute(url('slack://xoxb-1-2@#ops'))).toMatchObject({ channel: '#ops' });
  });

  it('reads slack://hooks/T…/B…/X… as the incoming webhook', () => {
    expect(slackRoute(url('slack://hooks/T0001/B0002/abcDEF123'))).toEqual({
      kind: 'webhook',
      endpoint: 'https://hooks.slack.com/services/T0001/B0002/abcDEF123',
    });
  });

  it('sends elsewhere with ?host=&scheme= (a test peer)', () => {
    expect(slackRoute(url('slack://xoxb-1-2@alerts?host=127.0.0.1:8080&scheme=http'))).toMatchObject({
      endpoint: 'http://127.0.0.1:8080/api/chat.postMessage',
    });
    expect(slackRoute(url('slack://hooks/T1/B2/X3?host=127.0.0.1:9&scheme=http'))).toMatchObject({ endpoint: 'http://127.0.0.1:9/services/T1/B2/X3' });
  });

  it('names each problem of a URL', () => {
    expect(channel.validate(url('slack://alerts'))).toEqual(['url: a bot token is required (slack://xoxb-token@channel)']);
    expect(channel.validate(url('slack://hunter2@alerts'))).toEqual(['url: the token must be a Slack token (xoxb-…)']);
    expect(channel.validate(url('slack://xoxb-1-2@'))).toEqual(['url: a channel is required (slack://xoxb-token@channel)']);
    expect(channel.validate(url('slack://xoxb-1-2@bad channel!'))).toEqual(["url: 'bad channel!' is not a Slack channel name or id"]);
    expect(channel.validate(url('slack://hooks/T1/B2'))).toEqual([
      "url: a webhook is slack://hooks/T…/B…/X… (the three parts of the webhook's https://hooks.slack.com/services/ URL)",
    ]);
    expect(channel.validate(url('slack://xoxb-1-2@alerts?scheme=ftp&foo=1'))).toEqual([
      "url: unknown parameter 'foo' (known: host, scheme)",
      "url: scheme must be https or http, not 'ftp'",
    ]);
    expect(channel.validate(url('https://hooks.slack.com/services/T1/B2/X3'))).toEqual([
      'url: not a slack:// URL (slack://xoxb-token@channel or slack://hooks/T…/B…/X…)',
    ]);
    expect(channel.validate({ url: null, connection: null, properties: {} })).toEqual([
      'url: required (slack://xoxb-token@channel or slack://hooks/T…/B…/X…), or a slack connection',
    ]);
    expect(channel.validate(url('slack://xoxb-1-2@alerts'))).toEqual([]);
  });

  it('takes a connection: token = password, channel from the recipient, the connection or its username; its URL is where the token goes', () => {
    expect(slackRoute(connection({ password: 'xoxb-9', url: 'https://slack.com', properties: { channel: 'ops' } }, { channel: 'alerts' }))).toEqual({
      kind: 'api',
      endpoint: 'https://slack.com/api/chat.postMessage',
      token: 'xoxb-9',
      channel: 'alerts',
    });
    expect(slackRoute(connection({ password: 'xoxb-9', url: 'https://slack.com', properties: { channel: 'ops' } }))).toMatchObject({ channel: 'ops' });
    expect(slackRoute(connection({ password: 'xoxb-9', url: 'https://slack.com', username: 'C0X' }))).toMatchObject({ channel: 'C0X' });
    expect(slackRoute(connection({ url: 'https://hooks.slack.com/services/T1/B2/X3' }))).toEqual({
      kind: 'webhook',
      endpoint: 'https://hooks.slack.com/services/T1/B2/X3',
    });
    // Without a url: Slack's own address (NotificationChannel.defaultUrl, where the engine binds the token).
    expect(slackRoute(connection({ password: 'xoxb-9', username: 'ops' }))).toEqual({
      kind: 'api',
      endpoint: `${channel.defaultUrl}/api/chat.postMessage`,
      token: 'xoxb-9',
      channel: 'ops',
    });
    expect(channel.validate(connection({}))).toEqual([
      "connection: 'slack-bot' has no bot token (its password)",
      "connection: 'slack-bot' names no channel (its channel, or the recipient's channel property)",
    ]);
    expect(channel.validate(connection({ password: 'xoxb-9', url: 'slack.com', username: 'ops' }))).toEqual([
      "connection: the connection's URL 'slack.com' is not an http(s) URL",
    ]);
  });
});

describe('slack channel: the message', () => {
  it('is the title as text and header, the body as mrkdwn, and a button back to the console', () => {
    expect(slackContent(message())).toEqual({
      text: 'Check api failed',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Check api failed', emoji: true } },
        { type: 'section', text: { type: 'mrkdwn', text: '*api* is _unhealthy_' } },
        {
          type: 'actions',
          elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in console' }, url: 'https://console.example/health?checkId=r1' }],
        },
      ],
    });
  });

  it('keeps within Slack block limits and leaves out what Slack would refuse (an empty body, a relative link)', () => {
    const content = slackContent(message({ title: 't'.repeat(400), body: 'b'.repeat(5000), url: '/health?checkId=r1' }));
    const [header, section] = content.blocks as { text: { text: string } }[];
    expect(header.text.text).toHaveLength(150);
    expect(section.text.text).toHaveLength(3000);
    expect(content.blocks).toHaveLength(2);
    expect(slackContent(message({ body: '  ', url: null })).blocks).toHaveLength(1);
  });
});
