import * as fs from 'node:fs';
import * as path from 'node:path';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';

/**
 * The project's docs (docs/*.md) as HTML pages for the help menu. markdown-it runs with `html: false`, so raw HTML
 * in a document is shown as text, and its link check drops `javascript:`, `vbscript:`, `file:` and non-image
 * `data:` links: what a page shows is only what Markdown itself can make. Headings get ids (markdown-it-anchor, the
 * GitHub-style slug), so `/docs/operations#kubeconfig` opens at its section; links to a sibling `name.md` go to
 * `/docs/name`.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false }).use(anchor, {
  slugify: (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s+/g, '-'),
  permalink: anchor.permalink.headerLink({ safariReaderFix: true }),
});

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet('href');
  const sibling = href && /^(?:\.\/)?([a-z0-9-]+)\.md(#[^\s]*)?$/i.exec(href);
  if (sibling) tokens[idx].attrSet('href', `/docs/${sibling[1].toLowerCase()}${sibling[2] ?? ''}`);
  else if (href && /^https?:\/\//i.test(href)) tokens[idx].attrSet('rel', 'noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The console's look without its bundle: Fluent's font, neutral and brand colours, light and dark. */
const STYLE = `
:root { color-scheme: light dark; --fg: #242424; --muted: #616161; --bg: #fafafa; --card: #ffffff; --line: #e0e0e0; --brand: #0f6cbd; --code: #f0f0f0; }
@media (prefers-color-scheme: dark) { :root { --fg: #ffffff; --muted: #adadad; --bg: #1f1f1f; --card: #292929; --line: #3d3d3d; --brand: #479ef5; --code: #333333; } }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif; font-size: 14px; line-height: 1.5; color: var(--fg); background: var(--bg); }
header { display: flex; align-items: center; gap: 16px; height: 48px; padding: 0 20px; background: var(--card); border-bottom: 1px solid var(--line); }
header a { color: var(--fg); text-decoration: none; font-weight: 600; }
.layout { display: flex; gap: 24px; max-width: 1200px; margin: 0 auto; padding: 24px 20px; }
nav { flex: 0 0 200px; } nav ul { list-style: none; margin: 0; padding: 0; } nav li a { display: block; padding: 6px 10px; border-radius: 4px; color: var(--fg); text-decoration: none; }
nav li a[aria-current="page"] { background: var(--code); font-weight: 600; } nav li a:hover { background: var(--code); }
main { flex: 1; min-width: 0; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 32px 32px; overflow-wrap: anywhere; }
h1, h2, h3, h4 { line-height: 1.3; } h1 { font-size: 28px; } h2 { font-size: 20px; margin-top: 32px; } h3 { font-size: 16px; }
h1 a, h2 a, h3 a, h4 a { color: inherit; text-decoration: none; } a { color: var(--brand); }
code { font-family: Consolas, 'Courier New', monospace; font-size: 13px; background: var(--code); border-radius: 4px; padding: 1px 4px; }
pre { background: var(--code); border-radius: 6px; padding: 12px 16px; overflow-x: auto; } pre code { padding: 0; background: none; }
table { border-collapse: collapse; margin: 12px 0; display: block; overflow-x: auto; } th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
th { background: var(--code); } blockquote { margin: 0; padding-left: 12px; border-left: 3px solid var(--line); color: var(--muted); }
`;

/** A full page: the header back to the console, the list of docs, and `body` (HTML). */
export function docsPage(title: string, pages: readonly string[], current: string | null, body: string): string {
  const nav = pages.map((p) => `<li><a href="/docs/${p}"${p === current ? ' aria-current="page"' : ''}>${escape(p.replace(/-/g, ' '))}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Console docs</title><style>${STYLE}</style></head>
<body><header><a href="/">← Console</a><span>Docs</span></header>
<div class="layout"><nav aria-label="Docs"><ul>${nav}<li><a href="/api/docs">API reference</a></li></ul></nav>
<main>${body}</main></div></body></html>`;
}

interface Rendered {
  mtimeMs: number;
  html: string;
  title: string;
}
const cache = new Map<string, Rendered>();

/** docs/<name>.md as HTML (cached until the file changes), with its first heading as the title. */
export function renderDoc(docsDir: string, name: string): { html: string; title: string } {
  const file = path.join(docsDir, `${name}.md`);
  const { mtimeMs } = fs.statSync(file);
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const source = fs.readFileSync(file, 'utf8');
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? name;
  const rendered = { mtimeMs, html: markdown.render(source), title };
  cache.set(file, rendered);
  return rendered;
}
