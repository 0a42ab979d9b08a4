import { parseBody } from './format';

describe('parseBody', () => {
  it('parses json text (the default) and passes objects through as json', () => {
    expect(parseBody('{"a":[1,2]}')).toEqual({ value: { a: [1, 2] }, format: 'json' });
    expect(parseBody('{"a":1}', 'json')).toEqual({ value: { a: 1 }, format: 'json' });
    expect(parseBody({ a: 1 })).toEqual({ value: { a: 1 }, format: 'json' });
  });

  it('parses yaml', () => {
    expect(parseBody('a:\n  b: [x, y]\n', 'yaml')).toEqual({ value: { a: { b: ['x', 'y'] } }, format: 'yaml' });
  });

  it('parses properties as flat keys', () => {
    expect(parseBody('# c\ndb.host=localhost\ndb.port = 5432\n', 'properties')).toEqual({
      value: { 'db.host': 'localhost', 'db.port': '5432' },
      format: 'properties',
    });
  });

  it('keeps other as text', () => {
    expect(parseBody('any { text', 'other')).toEqual({ value: 'any { text', format: 'other' });
  });

  it('throws a clear message on bad input', () => {
    expect(() => parseBody('{"a":', 'json')).toThrow(/not valid JSON/);
    expect(() => parseBody('a: [1, 2\n', 'yaml')).toThrow(/YAML syntax error/);
    expect(() => parseBody('x', 'toml' as never)).toThrow("unknown format 'toml': must be one of json, yaml, properties, other");
  });
});
