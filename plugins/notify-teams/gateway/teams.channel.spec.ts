import type { ChannelTarget, NotificationMessage, ResolvedConnection } from '@contracts';
import { TeamsChannel, markdownForTextBlock, teamsCard, teamsEndpoint } from './teams.channel';

const channel = new TeamsChannel();
const url = (u: string): ChannelTarget => ({ url: u, connection: null, properties: {} });
const connection = (u: string | null): ChannelTarget => ({
  url: null,
  connection: {
    id: 'c1',
    name: 'ops-teams',
    type: 'teams',
    url: u,
    username: null,
    password: null,
    certificate: null,
    insecure_tls: false,
    properties: {},
  } as ResolvedConnection,
  properties: {},
});
const message: NotificationMessage = {
  title: 'Config db-1 is unhealthy',
  body: '## db-1\n**Health**: unhealthy\nSee [logs](https://logs.example/q)',
  event: 'config.unhealthy',
  resource: { id: 'r1', type: 'config', name: 'db-1', health: 'unhealthy', status: null },
  url: 'https://console.example/catalog/r1',
  properties: {},
  groupKey: 'rule:r1',
  resolved: false,
  count: 1,
};

describe('teams channel', () => {
  it('reads teams://host/path as the https webhook URL, keeping its query but ?scheme=', () => {
    expect(teamsEndpoint(url('teams://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d'))).toBe(
      'https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d',
    );
    expect(teamsEndpoint(url('teams://prod.westus.logic.azure.com:443/workflows/w1/triggers/manual/paths/invoke?api-version=2016-06-01&sig=S%2F1'))).toBe(
      'https://prod.westus.logic.azure.com/workflows/w1/triggers/manual/paths/invoke?api-version=2016-06-01&sig=S%2F1',
    );
    expect(teamsEndpoint(url('teams://127.0.0.1:8080/webhookb2/x?scheme=http'))).toBe('http://127.0.0.1:8080/webhookb2/x');
  });

  it('takes a teams connection whose url is the webhook', () => {
    expect(teamsEndpoint(connection('https://contoso.webhook.office.com/webhookb2/x'))).toBe('https://contoso.webhook.office.com/webhookb2/x');
  });

  it('names each problem', () => {
    expect(channel.validate(url('teams://contoso.webhook.office.com'))).toEqual([
      "url: the webhook's path is missing (teams://host/webhookb2/… or teams://host/workflows/…)",
    ]);
    expect(channel.validate(url('teams://x.example/hook?scheme=ftp'))).toEqual(["url: scheme must be https or http, not 'ftp'"]);
    expect(channel.validate(url('https://x.example/hook'))).toEqual(['url: not a teams:// URL (the webhook URL with https:// written as teams://)']);
    expect(channel.validate(url('teams://user:pw@x.example/hook'))).toEqual(['url: a Teams webhook URL has no user or password']);
    expect(channel.validate(connection(null))).toEqual(["connection: 'ops-teams' has no URL (the Teams webhook URL)"]);
    expect(channel.validate(connection('ftp://x/y'))).toEqual(["connection: the connection's URL 'ftp://x/y' is not an http(s) URL"]);
    expect(channel.validate({ url: null, connection: null, properties: {} })).toEqual([
      'url: required (teams://host/path, the webhook URL with https:// written as teams://), or a teams connection',
    ]);
    expect(channel.validate(url('teams://x.example/hook'))).toEqual([]);
  });

  it('sends an Adaptive Card 1.4: the title bold and large, the body as Markdown, a button to the console', () => {
    expect(teamsCard(message)).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: 'Config db-1 is unhealthy', weight: 'Bolder', size: 'Large', wrap: true },
              { type: 'TextBlock', text: '**db-1**\n\n**Health**: unhealthy\n\nSee [logs](https://logs.example/q)', wrap: true },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Open in console', url: 'https://console.example/catalog/r1' }],
            msteams: { width: 'Full' },
          },
        },
      ],
    });
    const bare = teamsCard({ ...message, body: '', url: '/catalog/r1' }) as { attachments: { content: { body: unknown[]; actions: unknown[] } }[] };
    expect(bare.attachments[0].content.body).toHaveLength(1);
    expect(bare.attachments[0].content.actions).toEqual([]);
  });

  it('writes headings as bold lines and keeps paragraphs apart', () => {
    expect(markdownForTextBlock('# Title #\nline one\nline two\n\n\n\n- item')).toBe('**Title**\n\nline one\n\nline two\n\n- item');
  });
});
