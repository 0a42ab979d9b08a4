import { Document20Regular } from '@fluentui/react-icons';
import type { FieldSpec } from '@web/core/plugin-host';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** Formats a scraped document may be read as (spec 02 common fields). */
const FORMATS = ['json', 'yaml', 'properties', 'other'].map((f) => ({ value: f, label: f }));

/**
 * The File scraper's form (spec 03 scraper editor: id, type, format required by kind). `id`, `type` and `name` are a
 * static value or a JSONPath such as `$.id`; `paths` and `ignore` take one glob per line. The other common fields are
 * edited in the Code tab.
 */
const fields: readonly FieldSpec[] = [
  { name: 'id', label: 'ID (value or JSONPath)', kind: 'text', required: true },
  { name: 'type', label: 'Type (value or JSONPath)', kind: 'text', required: true },
  { name: 'name', label: 'Name (value or JSONPath)', kind: 'text' },
  { name: 'format', label: 'Format', kind: 'select', options: FORMATS, required: true },
  { name: 'paths', label: 'Paths (globs, one per line)', kind: 'lines' },
  { name: 'ignore', label: 'Ignore (globs, one per line)', kind: 'lines' },
  { name: 'url', label: 'URL (instead of paths)', kind: 'text' },
  { name: 'items', label: 'Items (JSONPath)', kind: 'text' },
];

export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('catalog.scraperTypes', { id: 'file', label: 'File', icon: Document20Regular, order: 70, fields });
  },
});
