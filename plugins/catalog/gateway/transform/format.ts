import type { ScrapedFormat } from '@contracts';
import { parse as parseProperties } from 'dot-properties';
import { loadUserYaml } from '@gateway/core/documents/user-yaml';

export const SCRAPED_FORMATS: readonly ScrapedFormat[] = ['json', 'yaml', 'properties', 'other'];

/**
 * A scraped body as a value: text is parsed in its format (json when none is given; `other` stays text), an object
 * or list passes through as json. Throws an Error saying what is wrong with the text.
 */
export function parseBody(config: unknown, format?: ScrapedFormat): { value: unknown; format: string } {
  if (format !== undefined && !SCRAPED_FORMATS.includes(format)) {
    throw new Error(`unknown format '${String(format)}': must be one of ${SCRAPED_FORMATS.join(', ')}`);
  }
  if (typeof config !== 'string') {
    if (format === 'other') return { value: JSON.stringify(config) ?? '', format: 'other' };
    return { value: config ?? null, format: 'json' };
  }
  switch (format ?? 'json') {
    case 'json':
      try {
        return { value: JSON.parse(config) as unknown, format: 'json' };
      } catch (error) {
        throw new Error(`not valid JSON: ${(error as Error).message}`);
      }
    case 'yaml':
      // loadUserYaml's messages already say "YAML syntax error at line L, column C".
      return { value: loadUserYaml(config) ?? null, format: 'yaml' };
    case 'properties':
      return { value: parseProperties(config), format: 'properties' };
    default:
      return { value: config, format: 'other' };
  }
}
