import { configBody } from './configBody';
import { nextSelection, selectedLines, withSelection } from './lineSelection';

describe('line selection', () => {
  it('reads repeated selected parameters and ignores what is not a line number', () => {
    expect([...selectedLines(new URLSearchParams('selected=3&selected=5&selected=x&selected=0'))]).toEqual([3, 5]);
  });

  it('toggles a line on a plain click', () => {
    expect(nextSelection(new Set([2]), 4, 2, false)).toEqual([2, 4]);
    expect(nextSelection(new Set([2, 4]), 4, 2, false)).toEqual([2]);
  });

  it('selects the range from the last clicked line on shift-click', () => {
    expect(nextSelection(new Set([7]), 4, 7, true)).toEqual([4, 5, 6, 7]);
  });

  it('writes the selection as repeated parameters, keeping the others', () => {
    expect(withSelection(new URLSearchParams('a=1&selected=9'), [2, 3]).toString()).toBe('a=1&selected=2&selected=3');
  });
});

describe('config body', () => {
  it('shows YAML for a body scraped from YAML, JSON otherwise, and text as is', () => {
    expect(configBody({ spec: { replicas: 2 } }, 'yaml')).toEqual({ text: 'spec:\n  replicas: 2\n', format: 'yaml' });
    expect(configBody({ a: 1 }, null)).toEqual({ text: '{\n  "a": 1\n}', format: 'json' });
    expect(configBody('key=value', 'properties')).toEqual({ text: 'key=value', format: 'properties' });
    expect(configBody({ content: 'x: 1', format: 'yaml' }, null)).toEqual({ text: 'x: 1', format: 'yaml' });
  });
});
