import { ANALYSIS_TYPES, SEVERITIES, type ScraperSpec } from '@contracts';
import { userExpressionProblem } from '@gateway/core/cel';
import { SCRAPED_FORMATS } from './format';
import { jsonPathProblem } from './jsonpath';

const VALUE_FIELDS = ['id', 'name', 'type', 'class', 'status', 'health', 'description'] as const;
const SELECTOR_FIELDS = ['id', 'externalId', 'type', 'name'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * What is wrong with the common fields of one `spec.<type>[]` entry, each message naming the field within the entry
 * (`items: not a valid JSONPath ...`); the caller prefixes where the entry is. JSONPaths are compiled, CEL is parsed
 * under the bounded-expression limits; nothing is evaluated.
 */
export function commonFieldProblems(entry: ScraperSpec): string[] {
  const problems: string[] = [];
  const problem = (field: string, message: string) => problems.push(`${field}: ${message}`);

  /** A required or optional string. */
  const text = (field: string, value: unknown, required = false): value is string => {
    if (value === undefined && !required) return false;
    if (typeof value !== 'string' || (required && !value.trim())) {
      problem(field, value === undefined || value === '' ? 'required' : 'must be a string');
      return false;
    }
    return true;
  };
  const jsonPath = (field: string, value: unknown, required = false) => {
    if (!text(field, value, required)) return;
    const found = jsonPathProblem(value);
    if (found) problem(field, found);
  };
  /** Static, or a JSONPath when it starts with `$`. */
  const valueField = (field: string, value: unknown) => {
    if (!text(field, value)) return;
    if (value.startsWith('$')) jsonPath(field, value);
  };
  const cel = (field: string, value: unknown, required = false) => {
    if (!text(field, value, required)) return;
    const found = userExpressionProblem(value);
    if (found) problem(field, found);
  };
  const oneOf = (field: string, value: unknown, allowed: readonly string[]) => {
    if (value !== undefined && !allowed.includes(value as string)) problem(field, `must be one of ${allowed.join(', ')}`);
  };
  /** A list of objects, each checked by `each(item, 'field[i]')`. */
  const objects = (field: string, value: unknown, each: (item: Record<string, unknown>, at: string) => void) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) return problem(field, 'must be a list');
    value.forEach((item, index) => (isObject(item) ? each(item, `${field}[${index}]`) : problem(`${field}[${index}]`, 'must be an object')));
  };
  const strings = (field: string, value: unknown, each: (item: unknown, at: string) => void) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) return problem(field, 'must be a list');
    value.forEach((item, index) => each(item, `${field}[${index}]`));
  };
  const stringMap = (field: string, value: unknown, paths: boolean) => {
    if (value === undefined) return;
    if (!isObject(value)) return problem(field, 'must be a map of strings');
    for (const [key, item] of Object.entries(value)) (paths ? valueField : text)(`${field}.${key}`, item);
  };

  for (const field of VALUE_FIELDS) valueField(field, entry[field]);
  jsonPath('items', entry.items);
  oneOf('format', entry.format, SCRAPED_FORMATS);
  strings('createFields', entry.createFields, (item, at) => jsonPath(at, item, true));
  strings('deleteFields', entry.deleteFields, (item, at) => jsonPath(at, item, true));
  stringMap('labels', entry.labels, false);
  stringMap('tags', entry.tags, true);
  objects('properties', entry.properties, (property, at) => text(`${at}.name`, property.name, true));

  const transform = entry.transform;
  if (transform !== undefined && !isObject(transform)) problem('transform', 'must be an object');
  else if (transform) {
    objects('transform.exclude', transform.exclude, (rule, at) => {
      jsonPath(`${at}.jsonpath`, rule.jsonpath, true);
      strings(`${at}.types`, rule.types, (type, typeAt) => text(typeAt, type, true));
    });
    objects('transform.mask', transform.mask, (rule, at) => {
      cel(`${at}.selector`, rule.selector);
      jsonPath(`${at}.jsonpath`, rule.jsonpath, true);
      text(`${at}.value`, rule.value, true);
    });
    objects('transform.relationship', transform.relationship, (rule, at) => {
      for (const key of SELECTOR_FIELDS) {
        const selector = rule[key];
        if (isObject(selector)) {
          if (selector.jsonpath !== undefined) jsonPath(`${at}.${key}.jsonpath`, selector.jsonpath);
          else text(`${at}.${key}.value`, selector.value, true);
        } else valueField(`${at}.${key}`, selector);
      }
      stringMap(`${at}.labels`, rule.labels, true);
      text(`${at}.relation`, rule.relation);
      if (!SELECTOR_FIELDS.some((key) => rule[key] !== undefined) && rule.labels === undefined) {
        problem(at, `needs a selector: one of ${SELECTOR_FIELDS.join(', ')}, labels`);
      }
    });
    const changes = transform.changes;
    if (changes !== undefined && !isObject(changes)) problem('transform.changes', 'must be an object');
    else if (changes) {
      strings('transform.changes.exclude', changes.exclude, (expression, at) => cel(at, expression, true));
      objects('transform.changes.mapping', changes.mapping, (mapping, at) => {
        cel(`${at}.filter`, mapping.filter, true);
        text(`${at}.type`, mapping.type);
        text(`${at}.summary`, mapping.summary);
        oneOf(`${at}.severity`, mapping.severity, SEVERITIES);
        oneOf(`${at}.action`, mapping.action, ['ignore', 'delete']);
      });
    }
  }
  objects('analysis', entry.analysis, (rule, at) => {
    text(`${at}.name`, rule.name, true);
    cel(`${at}.filter`, rule.filter, true);
    oneOf(`${at}.type`, rule.type, ANALYSIS_TYPES);
    oneOf(`${at}.severity`, rule.severity, SEVERITIES);
    text(`${at}.message`, rule.message);
  });
  return problems;
}
