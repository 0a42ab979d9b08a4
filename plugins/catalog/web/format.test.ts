import { formatCost, formatCount, formatCurrency, isHighCount } from './format';

describe('formatCost', () => {
  it('shows 2 decimals up to 10 dollars and none above', () => {
    expect(formatCost(4.2)).toBe('$4.20');
    expect(formatCost(10)).toBe('$10.00');
    expect(formatCost(10.4)).toBe('$10');
    expect(formatCost(1234.56)).toBe('$1,235');
  });

  it('reads Postgres numerics given as text and leaves a missing cost blank', () => {
    expect(formatCost('0.5000')).toBe('$0.50');
    expect(formatCost(null)).toBe('');
    expect(formatCost('not a number')).toBe('');
  });
});

describe('formatCurrency', () => {
  it('uses k with one decimal over 1000', () => {
    expect(formatCurrency(1500)).toBe('$1.5k');
    expect(formatCurrency(12000)).toBe('$12k');
  });

  it('drops decimals over 100, keeps one over 10, two over 0.01 and three over 0.001', () => {
    expect(formatCurrency(150.7)).toBe('$151');
    expect(formatCurrency(12.34)).toBe('$12.3');
    expect(formatCurrency(1.234)).toBe('$1.23');
    expect(formatCurrency(0.0052)).toBe('$0.005');
    expect(formatCurrency(0.0001)).toBe('$0');
  });

  it('divides milli units by 1000', () => {
    expect(formatCurrency(2500, 'milli')).toBe('$2.50');
  });
});

describe('formatCount', () => {
  it("shows counts above 999 as 'Nk+'", () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(12345)).toBe('12k+');
    expect(formatCount(null)).toBe('');
  });

  it('highlights counts of 500 or more', () => {
    expect(isHighCount(499)).toBe(false);
    expect(isHighCount(500)).toBe(true);
    expect(isHighCount(undefined)).toBe(false);
  });
});
