import { NdjsonSplitter } from './ndjson';

describe('NdjsonSplitter', () => {
  it('cuts messages across chunks, skips blank lines and keeps a last line without its newline for flush', () => {
    const splitter = new NdjsonSplitter();
    expect(splitter.push('{"line":{"timestamp":"t1","message":"a","labels":{}}}\n{"li')).toEqual([{ line: { timestamp: 't1', message: 'a', labels: {} } }]);
    expect(splitter.push('ne":{"timestamp":"t2","message":"b","labels":{}}}\r\n\n')).toEqual([{ line: { timestamp: 't2', message: 'b', labels: {} } }]);
    expect(splitter.push('{"end":{"truncated":true,"limit":2}}')).toEqual([]);
    expect(splitter.flush()).toEqual([{ end: { truncated: true, limit: 2 } }]);
    expect(splitter.flush()).toEqual([]);
  });

  it('turns an error line, a bare error string and a line that is not JSON into errors', () => {
    const splitter = new NdjsonSplitter();
    expect(splitter.push('{"error":{"message":"loki answered 502"}}\n{"error":"gone"}\nnot json\n{"other":1}\n')).toEqual([
      { error: { message: 'loki answered 502' } },
      { error: { message: 'gone' } },
      { error: { message: 'The log stream sent a line that is not JSON: not json' } },
      { error: { message: 'The log stream sent an unknown message' } },
    ]);
  });
});
