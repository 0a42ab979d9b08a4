import { commonFieldProblems } from './validate-common';

describe('commonFieldProblems', () => {
  it('accepts a full, valid entry', () => {
    expect(
      commonFieldProblems({
        id: '$.metadata.uid',
        name: 'static',
        type: 'App::X',
        items: '$.items[*]',
        format: 'yaml',
        createFields: ['$.created'],
        labels: { a: 'b' },
        tags: { env: '$.env' },
        properties: [{ name: 'p' }],
        transform: {
          exclude: [{ jsonpath: '$.rv', types: ['App::X'] }],
          mask: [{ selector: "config.kind == 'Secret'", jsonpath: '$.data', value: 'md5sum' }],
          relationship: [{ type: 'Host', externalId: { jsonpath: '$.host' }, parent: true }],
          changes: { exclude: ["change_type == 'Pulled'"], mapping: [{ filter: 'true', type: 'T', severity: 'high', action: 'delete' }] },
        },
        analysis: [{ name: 'r', filter: 'config.replicas == 0', type: 'availability', severity: 'low' }],
        paths: ['type-specific fields are not ours'],
      }),
    ).toEqual([]);
  });

  it('names each bad field', () => {
    expect(
      commonFieldProblems({
        id: '$.a[',
        name: 3,
        items: 'items',
        format: 'toml',
        createFields: '$.x',
        tags: { env: '$.a]' },
        transform: {
          exclude: [{}],
          mask: [{ selector: 'config.(', jsonpath: '$.a' }],
          relationship: [{ relation: 'x' }],
          changes: { exclude: ['a &&'], mapping: [{ type: 'T', severity: 'huge', action: 'drop' }] },
        },
        analysis: [{ filter: "x == 'y'", type: 'weird' }],
      }),
    ).toEqual([
      "id: not a valid JSONPath: '[' is not closed",
      'name: must be a string',
      'items: not a valid JSONPath: it must start with $',
      'format: must be one of json, yaml, properties, other',
      'createFields: must be a list',
      "tags.env: not a valid JSONPath: ']' without '['",
      'transform.exclude[0].jsonpath: required',
      expect.stringMatching(/^transform\.mask\[0\]\.selector: does not parse: /),
      'transform.mask[0].value: required',
      'transform.relationship[0]: needs a selector: one of id, externalId, type, name, labels',
      expect.stringMatching(/^transform\.changes\.exclude\[0\]: does not parse: /),
      'transform.changes.mapping[0].filter: required',
      'transform.changes.mapping[0].severity: must be one of info, warning, low, medium, high, blocker, critical',
      'transform.changes.mapping[0].action: must be one of ignore, delete',
      'analysis[0].name: required',
      'analysis[0].type: must be one of cost, availability, performance, security, integration, compliance, technical_debt, reliability, recommendation, other',
    ]);
  });

  it('refuses CEL over the bounded-expression limits', () => {
    const [problem] = commonFieldProblems({ analysis: [{ name: 'big', filter: 'x'.repeat(5000) }] });
    expect(problem).toMatch(/^analysis\[0\]\.filter: is too long/);
  });

  it('refuses filter expressions in JSONPaths (never evaluated)', () => {
    expect(commonFieldProblems({ items: '$.items[?(@.kind)]' })).toEqual([
      'items: not a valid JSONPath: filter and script expressions ([?(...)], [(...)]) are not supported',
    ]);
  });
});
