/**
 * Markdown (what rule templates are written in) to the HTML subset Telegram's Bot API parses with `parse_mode: 'HTML'`
 * (https://core.telegram.org/bots/api#html-style): `<b>` (bold, headings), `<i>` (italics), `<a href>` (http(s) and
 * tg: links), `<code>` and `<pre>`. Everything else is text, escaped (`&`, `<`, `>`), so a resource's name can never
 * make a tag, and every tag written is closed: Telegram refuses the whole message otherwise ("can't parse entities").
 */
export function markdownToTelegramHtml(markdown: string): string {
  const kept: string[] = [];
  const keep = (html: string) => `\u0000${kept.push(html) - 1}\u0000`;
  const OPEN = '\u0001';
  const CLOSE = '\u0002';
  let text = markdown.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0002]/g, '');

  text = text.replace(/^```[^\n]*\n([\s\S]*?)^```[ \t]*$/gm, (_, code: string) => keep(`<pre>${escapeHtml(code.replace(/\n$/, ''))}</pre>`));
  text = text.replace(/`([^`\n]+)`/g, (_, code: string) => keep(`<code>${escapeHtml(code)}</code>`));
  text = escapeHtml(text);

  text = text.replace(/!?\[([^\]\n]*)\]\(\s*([^)\s]+)(?:\s+"[^"\n]*")?\s*\)/g, (whole: string, label: string, url: string) => {
    if (!/^(?:https?:\/\/|tg:)/i.test(url)) return label || whole;
    return keep(`<a href="${url.replace(/"/g, '&quot;')}">${label.trim() || url}</a>`);
  });
  text = text.replace(/&lt;(https?:\/\/[^\s&]+)&gt;/g, (_, url: string) => keep(`<a href="${url.replace(/"/g, '&quot;')}">${url}</a>`));

  text = text.replace(/^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/gm, (_, heading: string) => `${OPEN}${heading.replace(/\*\*|__/g, '')}${CLOSE}`);
  text = text.replace(/^([ \t]*)[-*+][ \t]+/gm, '$1• ');
  text = text.replace(/\*\*(?=[^\s*])([^\n\u0001\u0002]*?[^\s*])\*\*/g, `${OPEN}$1${CLOSE}`);
  text = text.replace(/(^|[^\w])__(?=[^\s_])([^\n\u0001\u0002]*?[^\s_])__(?!\w)/g, `$1${OPEN}$2${CLOSE}`);
  // Italics cannot cross a bold boundary (the markers are excluded), so the tags always nest.
  text = text.replace(/(^|[^\w*])\*([^\s*](?:[^*\n\u0001\u0002]*?[^\s*])?)\*(?![\w*])/g, '$1<i>$2</i>');
  text = text.replace(/(^|[^\w])_([^\s_](?:[^_\n\u0001\u0002]*?[^\s_])?)_(?!\w)/g, '$1<i>$2</i>');
  text = text.replace(/\u0001/g, '<b>').replace(/\u0002/g, '</b>');
  return text.replace(/\u0000(\d+)\u0000/g, (_, i: string) => kept[Number(i)]);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
