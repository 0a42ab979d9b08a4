import MarkdownIt from 'markdown-it';

/**
 * The message as Markdown rendered to HTML. `html: false`: raw HTML in a message (which templates may fill with a
 * resource's data) is shown as text; markdown-it's link check drops `javascript:`, `vbscript:`, `file:` and
 * non-image `data:` links.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The email's plain-text and HTML parts: the message, then the properties as `name: value` lines or a table. */
export function emailParts(message: string, properties: Record<string, unknown>): { text: string; html: string } {
  const entries = Object.entries(properties);
  const text = entries.length ? `${message}\n\n${entries.map(([k, v]) => `${k}: ${shown(v)}`).join('\n')}` : message;
  const table = entries.length
    ? `<table>${entries.map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(shown(v))}</td></tr>`).join('')}</table>`
    : '';
  return { text, html: `<!doctype html><html><body>${markdown.render(message)}${table}</body></html>` };
}
