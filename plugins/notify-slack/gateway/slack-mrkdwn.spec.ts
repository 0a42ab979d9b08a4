import { markdownToMrkdwn } from './slack-mrkdwn';

describe('Markdown to Slack mrkdwn', () => {
  it('turns bold and headings into *bold*, italics into _italic_, strike into ~strike~', () => {
    expect(markdownToMrkdwn('# Check **api** failed')).toBe('*Check api failed*');
    expect(markdownToMrkdwn('### Status ###')).toBe('*Status*');
    expect(markdownToMrkdwn('**Status**: unhealthy, __really__')).toBe('*Status*: unhealthy, *really*');
    expect(markdownToMrkdwn('*one* and *two words* and _three_')).toBe('_one_ and _two words_ and _three_');
    expect(markdownToMrkdwn('~~gone~~')).toBe('~gone~');
  });

  it('writes links as <url|text> and keeps bare autolinks', () => {
    expect(markdownToMrkdwn('See [the check](https://console.example/health?id=1&tab=2)')).toBe(
      'See <https://console.example/health?id=1&amp;tab=2|the check>',
    );
    expect(markdownToMrkdwn('![graph](https://x.example/g.png)')).toBe('<https://x.example/g.png|graph>');
    expect(markdownToMrkdwn('<https://x.example/a>')).toBe('<https://x.example/a>');
    expect(markdownToMrkdwn('[a|b](https://x.example)')).toBe('<https://x.example|a¦b>');
  });

  it('escapes &, < and > of the text so that a name cannot make a mention or a link', () => {
    expect(markdownToMrkdwn('a <!channel> & <@U123|x> > b')).toBe('a &lt;!channel&gt; &amp; &lt;@U123|x&gt; &gt; b');
  });

  it('leaves code as it is (escaped), bullets as •, quotes as >, and lone stars and snake_case alone', () => {
    expect(markdownToMrkdwn('`a *b* <c>`')).toBe('`a *b* &lt;c&gt;`');
    expect(markdownToMrkdwn('```yaml\nkey: **x** < 1\n```')).toBe('```\nkey: **x** &lt; 1\n```');
    expect(markdownToMrkdwn('- one\n* two\n  + three')).toBe('• one\n• two\n  • three');
    expect(markdownToMrkdwn('> quoted')).toBe('> quoted');
    expect(markdownToMrkdwn('2 * 3 * 4 and my_service_name')).toBe('2 * 3 * 4 and my_service_name');
  });
});
