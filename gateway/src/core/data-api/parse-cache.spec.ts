import { ParseCache } from './parse-cache';

describe('ParseCache', () => {
  it('parses an input once and answers later requests from memory', () => {
    const parse = jest.fn((s: string) => ({ parsed: s }));
    const cache = new ParseCache(parse);
    const first = cache.get('a=1');
    expect(cache.get('a=1')).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: a malformed input is refused every time', () => {
    const parse = jest.fn((s: string) => {
      if (s === 'bad') throw new Error('malformed');
      return s;
    });
    const cache = new ParseCache(parse);
    expect(() => cache.get('bad')).toThrow('malformed');
    expect(() => cache.get('bad')).toThrow('malformed');
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('is bounded: the oldest entry goes first', () => {
    const parse = jest.fn((s: string) => s.toUpperCase());
    const cache = new ParseCache(parse, 2);
    cache.get('a');
    cache.get('b');
    cache.get('c'); // evicts a
    parse.mockClear();
    cache.get('b');
    cache.get('c');
    expect(parse).not.toHaveBeenCalled();
    cache.get('a');
    expect(parse).toHaveBeenCalledWith('a');
  });

  it('does not keep long inputs', () => {
    const parse = jest.fn((s: string) => s.length);
    const cache = new ParseCache(parse, 10, 4);
    cache.get('12345');
    cache.get('12345');
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
