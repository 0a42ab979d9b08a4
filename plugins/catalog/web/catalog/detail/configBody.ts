import { stringify } from 'yaml';

/** How a config body is shown: its text and the language it is in. */
export interface ConfigBody {
  text: string;
  format: string;
}

/** A body given as `{content, format}` (spec 02 §3: "body with optional content and format"). */
function contentOf(config: unknown): { content: string; format?: string } | undefined {
  if (!config || typeof config !== 'object' || Array.isArray(config)) return undefined;
  const { content, format } = config as { content?: unknown; format?: unknown };
  return typeof content === 'string' ? { content, format: typeof format === 'string' ? format : undefined } : undefined;
}

/**
 * The body in its own format (spec 02 Config detail): YAML when the scraper read YAML, text as is for text formats,
 * otherwise JSON.
 */
export function configBody(config: unknown, format: string | null | undefined): ConfigBody {
  const wrapped = contentOf(config);
  if (wrapped) return { text: wrapped.content, format: wrapped.format ?? format ?? 'text' };
  if (typeof config === 'string') return { text: config, format: format ?? 'text' };
  if (format === 'yaml') return { text: stringify(config, { indentSeq: false, lineWidth: 0 }), format: 'yaml' };
  return { text: JSON.stringify(config ?? null, null, 2), format: 'json' };
}
