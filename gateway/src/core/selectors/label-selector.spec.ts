import {
  jsonbKeys,
  LabelSelectorError,
  labelConditions,
  labelSelectorProblem,
  parseLabelSelector,
  requirementCondition,
  type BindParam,
  type RequirementTarget,
} from './label-selector';

describe('parseLabelSelector', () => {
  it('reads every requirement form', () => {
    expect(parseLabelSelector('app=api')).toEqual([{ key: 'app', op: 'eq', value: 'api' }]);
    expect(parseLabelSelector('app==api')).toEqual([{ key: 'app', op: 'eq', value: 'api' }]);
    expect(parseLabelSelector('app = api')).toEqual([{ key: 'app', op: 'eq', value: 'api' }]);
    expect(parseLabelSelector('app!=api')).toEqual([{ key: 'app', op: 'neq', value: 'api' }]);
    expect(parseLabelSelector('app=')).toEqual([{ key: 'app', op: 'eq', value: '' }]);
    expect(parseLabelSelector('app')).toEqual([{ key: 'app', op: 'exists' }]);
    expect(parseLabelSelector('!app')).toEqual([{ key: 'app', op: 'missing' }]);
    expect(parseLabelSelector('tier in (web, jobs)')).toEqual([{ key: 'tier', op: 'in', values: ['web', 'jobs'] }]);
    expect(parseLabelSelector('tier notin (web)')).toEqual([{ key: 'tier', op: 'notin', values: ['web'] }]);
    expect(parseLabelSelector('app.kubernetes.io/name=api-1.2_x')).toEqual([{ key: 'app.kubernetes.io/name', op: 'eq', value: 'api-1.2_x' }]);
  });

  it('splits on commas outside parentheses and ignores empty parts', () => {
    expect(parseLabelSelector(' app=api , tier in (web,jobs), !legacy,, env ')).toEqual([
      { key: 'app', op: 'eq', value: 'api' },
      { key: 'tier', op: 'in', values: ['web', 'jobs'] },
      { key: 'legacy', op: 'missing' },
      { key: 'env', op: 'exists' },
    ]);
    expect(parseLabelSelector('')).toEqual([]);
  });

  it.each(
    (
      [
        ['a in b', "'a in b' is not a valid requirement (k=v, k!=v, k, !k, k in (a,b), k notin (a,b))"],
        ['tier in (web', "'tier in (web' is not a valid requirement (k=v, k!=v, k, !k, k in (a,b), k notin (a,b))"],
        ['a=b c', "'a=b c' is not a valid requirement"],
        ['app=a b', "'app=a b' is not a valid requirement"],
        ['-app=x', "'-app=x' is not a valid requirement"],
        ['app=-x', "'app=-x' is not a valid requirement"],
        ['app=x/y', "'app=x/y' is not a valid requirement"],
        ['tier in (web, -x)', "'tier in (web, -x)' is not a valid requirement"],
        ['-tier notin (a)', "'-tier notin (a)' is not a valid requirement"],
        ['!-x', "'!-x' is not a valid requirement"],
        ['app=' + 'v'.repeat(64), `'app=${'v'.repeat(64)}' is not a valid requirement`],
        ['k'.repeat(2_001), 'at most 2000 characters'],
      ] as const
    ).map(([text, message]) => [text.length > 40 ? `${text.slice(0, 12)}… (${text.length} characters)` : text, text, message] as const),
  )('refuses %s', (_label, text, message) => {
    expect(() => parseLabelSelector(text)).toThrow(message);
    expect(labelSelectorProblem(text)).toBe(message);
  });

  it('answers no problem for a valid selector', () => {
    expect(labelSelectorProblem('app=api,tier notin (x)')).toBeNull();
  });
});

describe('parseLabelSelector with another value rule', () => {
  const field = { value: /^[^=!(),]*$/ };

  it('takes values the label rule refuses, keeping the grammar', () => {
    expect(parseLabelSelector('type=Kubernetes::Pod,external_id in (arn:aws:x, /subs/y)', field)).toEqual([
      { key: 'type', op: 'eq', value: 'Kubernetes::Pod' },
      { key: 'external_id', op: 'in', values: ['arn:aws:x', '/subs/y'] },
    ]);
    expect(() => parseLabelSelector('type=Kubernetes::Pod')).toThrow("'type=Kubernetes::Pod' is not a valid requirement");
    expect(() => parseLabelSelector('name=a=b', field)).toThrow("'name=a=b' is not a valid requirement");
    // A field's value may hold spaces (a bucket's name); a label's may not.
    expect(parseLabelSelector('name=my bucket', field)).toEqual([{ key: 'name', op: 'eq', value: 'my bucket' }]);
    expect(() => parseLabelSelector('name=my bucket')).toThrow("'name=my bucket' is not a valid requirement");
  });

  it('names the part at fault, or none when the whole text is', () => {
    const caught = (text: string) => {
      try {
        parseLabelSelector(text);
      } catch (error) {
        return error as LabelSelectorError;
      }
      throw new Error('no error');
    };
    expect(caught('a=b,a in b')).toBeInstanceOf(LabelSelectorError);
    expect(caught('a=b,a in b').part).toBe('a in b');
    expect(caught('-x').part).toBe('-x');
    expect(caught('k'.repeat(2_001)).part).toBeUndefined();
  });
});

describe('requirementCondition', () => {
  const binder = () => {
    const params: unknown[] = [];
    const param: BindParam = (value) => {
      params.push(value);
      return `$${params.length}`;
    };
    return { params, param };
  };

  it('reads a jsonb column, binding each key once', () => {
    const { params, param } = binder();
    expect(labelConditions(parseLabelSelector('a=x,b!=y,c,!d,e in (1,2),f notin (3)'), 'labels', param)).toEqual([
      'labels ->> $1 = $2',
      'labels ->> $3 IS DISTINCT FROM $4',
      'labels ? $5',
      'NOT (labels ? $6)',
      'labels ->> $7 = ANY($8::text[])',
      '(labels ->> $9 IS NULL OR NOT (labels ->> $9 = ANY($10::text[])))',
    ]);
    expect(params).toEqual(['a', 'x', 'b', 'y', 'c', 'd', 'e', ['1', '2'], 'f', ['3']]);
  });

  it('reads fixed columns through another target', () => {
    const { params, param } = binder();
    const columns: RequirementTarget = (key) => ({ value: key, present: `${key} IS NOT NULL` });
    const sql = parseLabelSelector('status=ok,!path,name notin (a)').map((r) => requirementCondition(r, columns, param));
    expect(sql).toEqual(['status = $1', 'NOT (path IS NOT NULL)', '(name IS NULL OR NOT (name = ANY($2::text[])))']);
    expect(params).toEqual(['ok', ['a']]);
    expect(jsonbKeys('tags', param)('k')).toEqual({ value: 'tags ->> $3', present: 'tags ? $3' });
  });
});
