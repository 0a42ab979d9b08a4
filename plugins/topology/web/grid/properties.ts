import { CARD_SHOW_MORE, type ComponentProperty, PROPERTY_ALERT_RATIO } from '@contracts';
import { formatDateTime, formatElapsed } from '@web/core/formatDateTime';

/** How a card draws a component property (spec 02 §3: types url, currency, text, age, hidden). */

export { CARD_SHOW_MORE };

/** Whether a property is shown on a card: not `hidden`, and with something to show. */
export function isShownProperty(property: ComponentProperty): boolean {
  if (property.type === 'hidden') return false;
  return hasValue(property) || (property.text !== undefined && property.text !== null && property.text !== '');
}

const hasValue = (property: ComponentProperty) => typeof property.value === 'number' && Number.isFinite(property.value);

/** A card's properties in the order they are drawn: headline ones first, then the others, each by `order`. */
export function cardProperties(properties: readonly ComponentProperty[] | null | undefined): ComponentProperty[] {
  const shown = (properties ?? []).filter(isShownProperty);
  const byOrder = (a: ComponentProperty, b: ComponentProperty) => (a.order ?? 0) - (b.order ?? 0);
  return [...shown.filter((p) => p.headline).sort(byOrder), ...shown.filter((p) => !p.headline).sort(byOrder)];
}

export const propertyLabel = (property: ComponentProperty) => property.label || property.name;

/** Only addresses a browser should follow from a card: http and https (no javascript:, data:, file:). */
export function safeHttpUrl(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Currency with the precision its size deserves: over 1000 in 'k' with one decimal, over 100 none, over 10 one
 * decimal, over 0.01 two, over 0.001 three (smaller amounts read as $0).
 */
export function formatCurrency(amount: number): string {
  const size = Math.abs(amount);
  const trim = (text: string) => text.replace(/\.0$/, '');
  if (size > 1000) return `$${trim((amount / 1000).toFixed(1))}k`;
  if (size > 100) return `$${amount.toFixed(0)}`;
  if (size > 10) return `$${trim(amount.toFixed(1))}`;
  if (size > 0.01) return `$${amount.toFixed(2)}`;
  if (size > 0.001) return `$${amount.toFixed(3)}`;
  return '$0';
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : trimNumber(value, 1)} ${BYTE_UNITS[unit]}`;
}

function trimNumber(value: number, decimals = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: decimals });
}

/** A number with its unit: bytes in binary multiples, anything else as `1,234.5 unit`. */
export function formatQuantity(value: number, unit: string | undefined): string {
  if (unit === 'bytes') return formatBytes(value);
  const text = trimNumber(value);
  return unit ? `${text} ${unit}` : text;
}

/**
 * The time an `age` property names: its text as a date, or its value as epoch milliseconds (or seconds, when too
 * small to be milliseconds since 1973).
 */
export function ageTime(property: ComponentProperty): string | undefined {
  if (property.text) {
    const time = new Date(property.text);
    return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
  }
  if (!hasValue(property)) return undefined;
  const value = property.value as number;
  return new Date(value < 1e11 ? value * 1000 : value).toISOString();
}

export interface PropertyDisplay {
  kind: 'url' | 'text';
  text: string;
  /** An http(s) address the text links to. */
  href?: string;
  /** The whole value, when the text is a shortening of it. */
  title?: string;
  /** value / max, when `max` is set. */
  ratio?: number;
  /** Over 70 % of max: drawn red (spec 02 §4). */
  alert: boolean;
}

/** What to show for a property. */
export function displayProperty(property: ComponentProperty, now: number = Date.now()): PropertyDisplay {
  const type = property.type ?? 'text';
  if (type === 'url') {
    const text = property.text ?? (hasValue(property) ? String(property.value) : '');
    return { kind: 'url', text, href: safeHttpUrl(text), alert: false };
  }
  if (type === 'age') {
    const time = ageTime(property);
    if (time) return { kind: 'text', text: formatElapsed(time, now, { seconds: true }), title: formatDateTime(time), alert: false };
  }
  if (type === 'currency' && hasValue(property)) {
    return { kind: 'text', text: formatCurrency(property.value as number), alert: false };
  }
  if (hasValue(property)) {
    const value = property.value as number;
    const text = formatQuantity(value, property.unit);
    if (typeof property.max === 'number' && Number.isFinite(property.max) && property.max > 0) {
      const ratio = value / property.max;
      return {
        kind: 'text',
        text: `${text} of ${formatQuantity(property.max, property.unit)}`,
        ratio,
        alert: ratio > PROPERTY_ALERT_RATIO,
      };
    }
    return { kind: 'text', text, alert: false };
  }
  const text = property.text ?? '';
  return { kind: 'text', text: property.unit && text ? `${text} ${property.unit}` : text, alert: false };
}
