import { Database20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/**
 * The SQL scraper's form (spec 03 scraper editor: id, type, query required by kind). `id`, `type` and `name` are a
 * static value or a JSONPath over a row such as `$.id`. `auth` (username/password references) is edited in the
 * Code tab.
 */
const fields: readonly FieldSpec[] = [
  { name: 'id', label: 'ID (value or JSONPath)', kind: 'text', required: true },
  { name: 'type', label: 'Type (value or JSONPath)', kind: 'text', required: true },
  { name: 'name', label: 'Name (value or JSONPath)', kind: 'text' },
  { name: 'connection', label: 'Connection (postgres://, mysql:// or connection://)', kind: 'text', required: true },
  {
    name: 'driver',
    label: 'Driver',
    kind: 'select',
    options: [
      { value: 'postgres', label: 'Postgres' },
      { value: 'mysql', label: 'MySQL / MariaDB' },
    ],
  },
  { name: 'query', label: 'Query', kind: 'textarea', required: true },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('catalog.scraperTypes', { id: 'sql', label: 'SQL', icon: Database20Regular, order: 40, fields });
  },
});
