import { FIELD_REQUIRED, parameterProblem, parametersProblems } from './playbook-params';
import { playbookResourceKinds } from './playbooks';

describe('playbook parameter values (spec 02 §5)', () => {
  it('requires what is required, and only that', () => {
    expect(parameterProblem({ name: 'a', required: true }, '')).toBe(FIELD_REQUIRED);
    expect(parameterProblem({ name: 'a', required: true }, '  ')).toBe(FIELD_REQUIRED);
    expect(parameterProblem({ name: 'a' }, '')).toBeNull();
  });

  it('applies the text rules: lengths, numbers, dns1123, bytes, millicores, regex', () => {
    const text = (properties: object, value: string) => parameterProblem({ name: 't', properties }, value);
    expect(text({ minLength: 5 }, 'more')).toBe('must be at least 5 characters');
    expect(text({ maxLength: 3 }, 'four')).toBe('must be at most 3 characters');
    expect(text({ format: 'number', min: 1, max: 20 }, '21')).toBe('must be at most 20');
    expect(text({ format: 'number' }, 'x')).toBe('must be a number');
    expect(text({ format: 'dns1123' }, 'Web_1')).toMatch(/^must be lowercase/);
    expect(text({ format: 'dns1123' }, 'web-1.a')).toBeNull();
    expect(text({ format: 'bytes' }, '512Mi')).toBeNull();
    expect(text({ format: 'bytes' }, '512MB')).toMatch(/Mi, Gi or Ti/);
    expect(text({ format: 'millicores' }, '250m')).toBeNull();
    expect(text({ format: 'millicores' }, '0.25')).toMatch(/suffix m/);
    expect(text({ regex: '[a-z]+' }, 'abc1')).toBe('must match [a-z]+');
    expect(parameterProblem({ name: 't', properties: { regex: '[a-z]+' } }, 'abc1', { skipRegex: true })).toBeNull();
  });

  it('checks checkboxes, lists and JSON code', () => {
    expect(parameterProblem({ name: 'c', type: 'checkbox' }, 'yes')).toBe("must be 'true' or 'false'");
    expect(parameterProblem({ name: 'c', type: 'checkbox' }, 'false')).toBeNull();
    expect(parameterProblem({ name: 'l', type: 'list', properties: { options: ['a', { label: 'B', value: 'b' }] } }, 'c')).toBe('must be one of: a, b');
    expect(parameterProblem({ name: 'j', type: 'code', properties: { language: 'json' } }, '{')).toBe('must be valid JSON');
  });

  it('names every problem by parameter, unknown names included', () => {
    expect(parametersProblems([{ name: 'a', required: true }], { b: 'x' })).toEqual({ a: FIELD_REQUIRED, b: 'is not a parameter of this playbook' });
  });

  it('tells which kinds of resources a playbook runs on', () => {
    expect(playbookResourceKinds({ configs: [{ type: 'x' }], components: [] })).toEqual(['config']);
    expect(playbookResourceKinds({ checks: [{}], components: [{}] })).toEqual(['check', 'component']);
    expect(playbookResourceKinds(null)).toEqual([]);
  });
});
