import { checkContext } from '../../../../test/support/check-context';
import {
  expandTemplate,
  expandUrlTemplate,
  hasTemplate,
  isUrlForm,
  templateNames,
  templateProblem,
  templateSample,
  templateValues,
  unresolvedProblem,
} from './connection-template';

describe('connection templates ($(username) / $(.password))', () => {
  it('finds the placeholders, with or without the leading dot and with inner spaces', () => {
    const text = 'postgres://$(username):$( .password )@db:5432/app?x=$(username)';
    expect(hasTemplate(text)).toBe(true);
    expect(hasTemplate('postgres://db/app')).toBe(false);
    expect(hasTemplate({ value: '$(username)' })).toBe(false);
    expect(templateNames(text)).toEqual(['username', 'password']);
  });

  it('expands the values as written, or percent-encoded in a URL', () => {
    const values = { username: 'app@corp', password: 'p@ss:w/rd%;' };
    expect(expandTemplate('user=$(username) password=$(.password)', values)).toBe('user=app@corp password=p@ss:w/rd%;');
    const url = expandUrlTemplate('postgres://$(.username):$(password)@db:5432/app', values);
    expect(url).toBe('postgres://app%40corp:p%40ss%3Aw%2Frd%25%3B@db:5432/app');
    const parsed = new URL(url);
    expect([parsed.hostname, decodeURIComponent(parsed.username), decodeURIComponent(parsed.password)]).toEqual(['db', 'app@corp', 'p@ss:w/rd%;']);
  });

  it('expands an unset or null value to the empty string, and leaves unknown names as written', () => {
    expect(expandTemplate('$(username):$(password)@h', { username: 'u' })).toBe('u:@h');
    expect(expandTemplate('$(username):$(password)@h', { username: null, password: undefined })).toBe(':@h');
    expect(expandTemplate('$(url)/$(username)', { username: 'u' })).toBe('$(url)/u');
  });

  it('names unknown and broken placeholders for validate()', () => {
    expect(templateProblem('redis://$(.username):$(.password)@cache:6379', 'connection')).toBeNull();
    expect(templateProblem('postgres://$(user):$(pass)@db/app', 'url')).toBe(
      "url: $(user), $(pass) are not known here; use $(username) or $(password) (the check's own fields)",
    );
    expect(templateProblem('postgres://$(host)/app', 'url')).toMatch(/^url: \$\(host\) is not known here/);
    expect(templateProblem('postgres://$(username:x@db/app', 'connection')).toBe("connection: '$(' must be followed by a name and ')', as in $(username)");
    expect(templateProblem('postgres://$()@db', 'connection')).toMatch(/^connection: '\$\(' must be followed/);
  });

  it('gives a sample with stand-in values to check the shape at save time', () => {
    expect(templateSample('$(username):$(password)@tcp(db:3306)/app')).toBe('user:password@tcp(db:3306)/app');
    expect(isUrlForm('postgres://x')).toBe(true);
    expect(isUrlForm('host=db user=x')).toBe(false);
    expect(isUrlForm('db:6379')).toBe(false);
  });

  it("resolves the check's own username and password as values, {value} or references", async () => {
    const ctx = checkContext(1000, async (ref) =>
      (ref as { valueFrom?: { secretKeyRef?: { key?: string } } }).valueFrom?.secretKeyRef?.key === 'PASSWORD' ? 's3cret' : null,
    );
    const secret = { valueFrom: { secretKeyRef: { name: 'db', key: 'PASSWORD' } } };
    expect(await templateValues({ name: 'c', username: { value: 'app' }, password: secret }, ctx)).toEqual({ username: 'app', password: 's3cret' });
    expect(await templateValues({ name: 'c', username: 'plain', password: { value: '' } }, ctx)).toEqual({ username: 'plain', password: '' });
    expect(await templateValues({ name: 'c' }, ctx)).toEqual({ username: null, password: null });
  });

  it('reports a placeholder whose field is set but did not resolve (a missing secret), never an empty sign-in', () => {
    const secret = { valueFrom: { secretKeyRef: { name: 'gone', key: 'PASSWORD' } } };
    const text = 'postgres://$(username):$(password)@db/app';
    expect(unresolvedProblem(text, { name: 'c', username: 'app', password: secret }, { username: 'app', password: null })).toBe(
      'password: could not be resolved (used as $(password) in the connection)',
    );
    expect(unresolvedProblem(text, { name: 'c', username: 'app' }, { username: 'app', password: null })).toBeNull();
    expect(unresolvedProblem(text, { name: 'c', username: 'app', password: { value: '' } }, { username: 'app', password: '' })).toBeNull();
    expect(unresolvedProblem('postgres://db/app', { name: 'c', password: secret }, { password: null })).toBeNull();
  });
});
