/** Display of costs and counts (spec 02 §9 and Config changes). */

/** Dollars: 2 decimals up to $10, none above (`$4.20`, `$1,235`). Blank when there is no cost. */
export function formatCost(dollars: number | string | null | undefined): string {
  const value = toNumber(dollars);
  if (value === undefined) return '';
  const decimals = Math.abs(value) <= 10 ? 2 : 0;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/**
 * Currency with the precision its size deserves: over 1000 in 'k' with one decimal, over 100 none, over 10 one
 * decimal, over 0.01 two, over 0.001 three (smaller amounts read as $0). A `milli` amount is divided by 1000 first.
 */
export function formatCurrency(amount: number | string | null | undefined, unit: 'milli' | 'unit' = 'unit'): string {
  const raw = toNumber(amount);
  if (raw === undefined) return '';
  const value = unit === 'milli' ? raw / 1000 : raw;
  const size = Math.abs(value);
  if (size > 1000) return `$${trimZero((value / 1000).toFixed(1))}k`;
  if (size > 100) return `$${value.toFixed(0)}`;
  if (size > 10) return `$${trimZero(value.toFixed(1))}`;
  if (size > 0.01) return `$${value.toFixed(2)}`;
  if (size > 0.001) return `$${value.toFixed(3)}`;
  return '$0';
}

/** Changes counts of this size or more are highlighted. */
export const HIGH_CHANGE_COUNT = 500;

/** Counts above 999 show as 'Nk+' (1234 → '1k+'). */
export function formatCount(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return '';
  return count > 999 ? `${Math.floor(count / 1000)}k+` : String(count);
}

export function isHighCount(count: number | null | undefined): boolean {
  return typeof count === 'number' && count >= HIGH_CHANGE_COUNT;
}

function toNumber(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  // Postgres numerics arrive as strings.
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function trimZero(text: string): string {
  return text.replace(/\.0$/, '');
}
