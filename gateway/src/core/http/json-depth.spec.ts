import { jsonDepthExceeds } from './json-depth';

describe('JSON nesting limit', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[","b":{}}', 1)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(5000) + ']'.repeat(5000), 64)).toBe(true);
  });
});
