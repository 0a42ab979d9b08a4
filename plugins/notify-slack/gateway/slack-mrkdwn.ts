/**
 * Markdown (what rule templates are written in) to Slack's mrkdwn (https://api.slack.com/reference/surfaces/formatting):
 * `**bold**` and headings → `*bold*`, `*italic*` → `_italic_`, `~~strike~~` → `~strike~`, `[text](url)` → `<url|text>`,
 * list bullets → `•`, quotes kept as `>`. Code spans and blocks pass through as they are. `&`, `<` and `>` of the text
 * are escaped, as Slack requires, so that nothing in a resource's name turns into a mention or a link.
 */
export function markdownToMrkdwn(markdown: string): string {
  const kept: string[] = [];
  const keep = (text: string) => `\u0000${kept.push(text) - 1}\u0000`;
  let text = markdown.replace(/\r\n?/g, '\n');

  text = text.replace(/^```[^\n]*\n([\s\S]*?)^```[ \t]*$/gm, (_, code: string) => keep('```\n' + escape(code) + '```'));
  text = text.replace(/`([^`\n]+)`/g, (_, code: string) => keep('`' + escape(code) + '`'));
  text = escape(text);

  text = text.replace(/!?\[([^\]\n]*)\]\(\s*([^)\s]+)(?:\s+"[^"\n]*")?\s*\)/g, (_, label: string, url: string) =>
    keep(label.trim() ? `<${url}|${label.replace(/\|/g, '¦')}>` : `<${url}>`),
  );
  text = text.replace(/&lt;((?:https?|mailto):[^\s&]+)&gt;/g, (_, url: string) => keep(`<${url}>`));

  // Bold is written with a marker first so that the italic rule below does not read its stars.
  const BOLD = '\u0001';
  text = text.replace(/^#{1,6}[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/gm, (_, heading: string) => `${BOLD}${heading.replace(/\*\*|__/g, '')}${BOLD}`);
  text = text.replace(/^([ \t]*)[-*+][ \t]+/gm, '$1• ');
  text = text.replace(/^&gt;[ \t]?/gm, '> ');
  text = text.replace(/\*\*(?=\S)([^\n]*?\S)\*\*/g, `${BOLD}$1${BOLD}`);
  text = text.replace(/(^|[^\w])__(?=\S)([^\n]*?\S)__(?!\w)/g, `$1${BOLD}$2${BOLD}`);
  text = text.replace(/(^|[^\w*])\*([^\s*](?:[^*\n]*?[^\s*])?)\*(?![\w*])/g, '$1_$2_');
  text = text.replace(/~~(?=\S)([^\n]*?\S)~~/g, '~$1~');
  text = text.replace(new RegExp(BOLD, 'g'), '*');
  return text.replace(/\u0000(\d+)\u0000/g, (_, i: string) => kept[Number(i)]);
}

/** The three characters Slack reads as markup (https://api.slack.com/reference/surfaces/formatting#escaping). */
export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
