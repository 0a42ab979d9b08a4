import { markdownToTelegramHtml } from './telegram-html';

describe("Markdown to Telegram's HTML", () => {
  it('writes bold and headings as <b>, italics as <i>', () => {
    expect(markdownToTelegramHtml('# Check **api** failed')).toBe('<b>Check api failed</b>');
    expect(markdownToTelegramHtml('**Status**: down, __really__, *very* and _quite_')).toBe('<b>Status</b>: down, <b>really</b>, <i>very</i> and <i>quite</i>');
  });

  it('makes http(s) links <a href>, and drops other schemes to their text', () => {
    expect(markdownToTelegramHtml('[the check](https://c.example/h?a=1&b="2")')).toBe('<a href="https://c.example/h?a=1&amp;b=&quot;2&quot;">the check</a>');
    expect(markdownToTelegramHtml('<https://c.example/x>')).toBe('<a href="https://c.example/x">https://c.example/x</a>');
    expect(markdownToTelegramHtml('[click](javascript:alert)')).toBe('click');
  });

  it('keeps code as <code> and <pre>, escaped, without reading Markdown inside', () => {
    expect(markdownToTelegramHtml('`a *b* <c>`')).toBe('<code>a *b* &lt;c&gt;</code>');
    expect(markdownToTelegramHtml('```yaml\nkey: **x** & y\n```')).toBe('<pre>key: **x** &amp; y</pre>');
  });

  it('escapes every other tag and character so that a resource name cannot make markup', () => {
    expect(markdownToTelegramHtml('<script>x</script> & <b>no</b> > 1')).toBe('&lt;script&gt;x&lt;/script&gt; &amp; &lt;b&gt;no&lt;/b&gt; &gt; 1');
    expect(markdownToTelegramHtml('- one\n2 * 3 * 4 and snake_case_name ~~s~~')).toBe('• one\n2 * 3 * 4 and snake_case_name ~~s~~');
  });

  it('never crosses tags, so Telegram always finds each end tag', () => {
    const html = markdownToTelegramHtml('**a *b** c* and *x **y* z**');
    expect(html).toBe('<b>a *b</b> c* and *x <b>y* z</b>');
    const stack: string[] = [];
    for (const [, close, name] of html.matchAll(/<(\/?)(\w+)[^>]*>/g)) {
      if (close) expect(stack.pop()).toBe(name);
      else stack.push(name);
    }
    expect(stack).toEqual([]);
  });
});
