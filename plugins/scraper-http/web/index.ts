import { Globe20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The HTTP scraper's form (spec 03 scraper editor: id, type, url required by kind). `id`, `type` and `name` are a
 * static value or a JSONPath such as `$.id`. `connection`, `headers` and `pagination` (nextPageExpr, maxPages) are
 * edited in the Code tab.
 */
const fields: readonly FieldSpec[] = [
  { name: 'id', label: 'ID (value or JSONPath)', kind: 'text', required: true },
  { name: 'type', label: 'Type (value or JSONPath)', kind: 'text', required: true },
  { name: 'name', label: 'Name (value or JSONPath)', kind: 'text' },
  { name: 'url', label: 'URL', kind: 'text', required: true },
  {
    name: 'method',
    label: 'Method',
    kind: 'select',
    options: ['GET', 'POST', 'PUT'].map((m) => ({ value: m, label: m })),
  },
  { name: 'body', label: 'Body', kind: 'textarea' },
  { name: 'items', label: 'Items (JSONPath)', kind: 'text' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('catalog.scraperTypes', { id: 'http', label: 'HTTP', icon: Globe20Regular, order: 90, fields });
  },
});
