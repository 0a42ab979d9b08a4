import { fromDatabaseError, statusForSqlState } from './pg-errors';
import { combineWindows, parsePrefer, parseRange, wantsSingleObject } from './request-headers';

describe('Prefer', () => {
  it('reads return, count and resolution from one or several headers', () => {
    expect(parsePrefer('return=representation, count=exact')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: null,
      applied: ['return=representation', 'count=exact'],
    });
    expect(parsePrefer(['resolution=merge-duplicates', 'return=minimal', 'tx=commit'])).toMatchObject({
      return: 'minimal',
      resolution: 'merge-duplicates',
      applied: ['resolution=merge-duplicates', 'return=minimal'],
    });
    expect(parsePrefer('count=planned').count).toBe('exact');
    expect(parsePrefer(undefined)).toMatchObject({ return: null, count: null });
  });
});

describe('Range', () => {
  it('reads closed and open ranges in items and ignores anything else', () => {
    expect(parseRange('0-24', undefined)).toEqual({ offset: 0, limit: 25 });
    expect(parseRange('items=10-', 'items')).toEqual({ offset: 10, limit: null });
    expect(parseRange('5-1', undefined)).toBeNull();
    expect(parseRange('0-24', 'bytes')).toBeNull();
    expect(parseRange('x', undefined)).toBeNull();
  });

  it('intersects limit/offset with the Range header', () => {
    expect(combineWindows({ limit: 50, offset: 100 }, null)).toEqual({ offset: 100, limit: 50 });
    expect(combineWindows({ limit: null, offset: null }, { offset: 0, limit: 25 })).toEqual({ offset: 0, limit: 25 });
    expect(combineWindows({ limit: 10, offset: null }, { offset: 5, limit: 25 })).toEqual({ offset: 5, limit: 5 });
    expect(combineWindows({ limit: null, offset: null }, null)).toEqual({ offset: 0, limit: null });
  });

  it('recognises the single-object media type', () => {
    expect(wantsSingleObject('application/vnd.pgrst.object+json')).toBe(true);
    expect(wantsSingleObject('application/json')).toBe(false);
  });
});

describe('database errors', () => {
  const pgError = (code: string) => ({ code, severity: 'ERROR', message: `m${code}`, detail: 'd', hint: undefined, position: '12' });

  it.each([
    ['23505', 409],
    ['23503', 409],
    ['23514', 400],
    ['23502', 400],
    ['22P02', 400],
    ['42703', 400],
    ['42883', 400],
    ['42501', 403],
    ['42P01', 404],
    ['25006', 405],
    ['P0001', 400],
    ['53300', 503],
  ])('maps SQLSTATE %s to HTTP %i', (code, status) => {
    expect(statusForSqlState(code)).toBe(status);
    expect(fromDatabaseError(pgError(code))).toMatchObject({ status, code, message: `m${code}`, details: 'd', hint: null });
  });

  it.each([
    ['57014', 504, 'The query took too long and was cancelled'],
    ['53200', 503, 'The query needs more memory than the database may give it'],
    ['54001', 400, 'The query is too deeply nested'],
    ['53400', 503, 'The query exceeds a database limit'],
  ])('answers SQLSTATE %s (the request asked too much) with %i and a plain message, never 500', (code, status, message) => {
    expect(fromDatabaseError(pgError(code))).toMatchObject({ status, code, message, details: null });
    expect(fromDatabaseError(pgError(code))!.toBody().hint).toMatch(/limit and offset|fewer/);
  });

  it('never passes on row contents or stored values in details', () => {
    const failing = { ...pgError('23514'), detail: 'Failing row contains (1, alice, $argon2id$v=19$m=65536,t=3,p=4$abc, bogus).' };
    expect(fromDatabaseError(failing)).toMatchObject({ status: 400, message: 'm23514', details: null });
    const duplicate = { ...pgError('23505'), detail: 'Key (lower(email))=(alice@example.com) already exists.' };
    expect(fromDatabaseError(duplicate)!.toBody().details).toBe('Key (lower(email)) already exists.');
    const missing = { ...pgError('23503'), detail: 'Key (team_id)=(7f1c) is not present in table "teams".' };
    expect(fromDatabaseError(missing)!.toBody().details).toBe('Key (team_id) is not present in table "teams".');
  });

  it("answers a constraint the resource describes with the resource's sentence, and others as before", () => {
    const tooLong = { ...pgError('23514'), constraint: 'comments_comment_length' };
    const messages = { comments_comment_length: 'A comment may be at most 10,000 characters' };
    expect(fromDatabaseError(tooLong, messages)!.toBody()).toEqual({
      code: '23514',
      message: 'A comment may be at most 10,000 characters',
      details: null,
      hint: null,
    });
    expect(fromDatabaseError({ ...tooLong, constraint: 'other_check' }, messages)).toMatchObject({ message: 'm23514' });
    expect(fromDatabaseError(tooLong)).toMatchObject({ message: 'm23514' });
  });

  it('keeps the statement out of the error and leaves programming errors alone', () => {
    expect(Object.keys(fromDatabaseError(pgError('23505'))!.toBody()).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(fromDatabaseError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatchObject({ status: 503, code: 'PGRST000' });
    expect(fromDatabaseError(new TypeError('bug'))).toBeNull();
  });
});
