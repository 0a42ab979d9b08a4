import { DocumentSearch20Regular, Search20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** The editor fields of both search checks (spec 03 health check editors); the gateway runner validates the same fields. */
const fields: readonly FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'url', label: 'URL', kind: 'text', required: true },
  { name: 'index', label: 'Index', kind: 'text', required: true },
  { name: 'query', label: 'Query (JSON search body)', kind: 'textarea' },
  { name: 'results', label: 'Expected results', kind: 'number' },
  { name: 'username', label: 'Username', kind: 'text' },
  { name: 'password', label: 'Password', kind: 'secret' },
  { name: 'description', label: 'Description', kind: 'text' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', { id: 'elasticsearch', order: 110, label: 'Elasticsearch', icon: DocumentSearch20Regular, fields });
    ctx.add('health.checkTypes', { id: 'opensearch', order: 340, label: 'OpenSearch', icon: Search20Regular, fields });
  },
});
