import type { NotificationRule } from '@contracts';
import { maskChannelUrl, maskProperties, ruleForReader } from './redact';

describe('what readers without write see of a rule', () => {
  it.each([
    ['slack://xoxb-1234-5678-abc@alerts', 'slack://***@alerts'],
    ['slack://hooks/T0001/B0002/XXXXYYYYZZZZ', 'slack://hooks/***/***/***'],
    ['slack://hooks/T0001/B0002/XXXX?host=127.0.0.1:9000&scheme=http', 'slack://hooks/***/***/***?host=127.0.0.1:9000&scheme=http'],
    [
      'generic+https://ci:pa55@hooks.example.com/notify?secret=k3y&@Authorization=Bearer%20t&method=PUT',
      'generic+https://***@hooks.example.com/***?secret=***&@Authorization=***&method=PUT',
    ],
    [
      'smtp://user:pass@mail.example.com:587/?from=a@b.c&to=d@e.f&encryption=ExplicitTLS',
      'smtp://***@mail.example.com:587/?from=***&to=***&encryption=ExplicitTLS',
    ],
    ['telegram://123456:ABC-def@telegram?chats=@ops,123', 'telegram://***@telegram?chats=***'],
    ['opsgenie://api.opsgenie.com/2b0c3f4e-0000-4000-8000-000000000000', 'opsgenie://api.opsgenie.com/***'],
    ['teams://outlook.office.com/webhook/abc/IncomingWebhook/def/ghi#frag', 'teams://outlook.office.com/***/***/***/***/***'],
    ['not a url with a s3cret', '***'],
  ])('%s → %s', (url, masked) => {
    expect(maskChannelUrl(url)).toBe(masked);
  });

  it('masks the values of credential-like properties only', () => {
    expect(maskProperties({ secret: 's', api_key: 'k', Token: 't', severity: 'critical', tags: 'a,b' })).toEqual({
      secret: '***',
      api_key: '***',
      Token: '***',
      severity: 'critical',
      tags: 'a,b',
    });
    expect(maskProperties(null)).toEqual({});
  });

  it('masks every recipient URL and property, keeps connections and the rest of the rule', () => {
    const rule = {
      id: 'r',
      name: 'n',
      properties: { secret: 'x', priority: 'P1' },
      custom_services: [
        { name: 'a', url: 'slack://xoxb-1-2@ops', properties: { secret: 'y', channel: 'ops' } },
        { name: 'b', connection: 'connection://default/slack' },
      ],
    } as unknown as NotificationRule;
    expect(ruleForReader(rule)).toEqual({
      id: 'r',
      name: 'n',
      properties: { secret: '***', priority: 'P1' },
      custom_services: [
        { name: 'a', url: 'slack://***@ops', properties: { secret: '***', channel: 'ops' } },
        { name: 'b', connection: 'connection://default/slack' },
      ],
    });
    expect(rule.custom_services![0].url).toBe('slack://xoxb-1-2@ops');
  });
});
