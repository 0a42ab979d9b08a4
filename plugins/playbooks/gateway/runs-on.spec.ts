import type { ActionType } from '@contracts';
import { DocumentError } from '@gateway/core/documents';
import { runsOnNames, validatePlaybook, type ActionTypes } from './playbook-document';

const http: ActionType = { type: 'http', validate: () => [], run: () => Promise.resolve({ result: {} }) };
const types: ActionTypes = { ids: ['http'], find: (type) => (type === 'http' ? http : undefined) };

const problems = (spec: Record<string, unknown>): string[] => {
  try {
    validatePlaybook({ spec: { title: 'T', ...spec } }, types);
    return [];
  } catch (error) {
    return (error as DocumentError).problems;
  }
};

describe('runsOn (the agents that run actions)', () => {
  it('is a list of names on the playbook or on an action', () => {
    expect(problems({ runsOn: ['edge'], actions: [{ name: 'a', runsOn: ['local', 'edge'], http: { url: 'https://x.test' } }] })).toEqual([]);
    expect(problems({ runsOn: 'edge', actions: [{ name: 'a', http: { url: 'https://x.test' } }] })).toEqual([
      'spec.runsOn: must be a list of agent names (or local)',
    ]);
    expect(problems({ actions: [{ name: 'a', runsOn: [], http: { url: 'https://x.test' } }] })).toEqual([
      'spec.actions[0].runsOn: must be a list of agent names (or local)',
    ]);
    expect(problems({ actions: [{ name: 'a', runsOn: ['edge', 3], http: { url: 'https://x.test' } }] })).toEqual([
      'spec.actions[0].runsOn: must be a list of agent names (or local)',
    ]);
  });

  it('names every agent to check with where it is written, leaving out local (this console)', () => {
    expect(
      runsOnNames({
        runsOn: ['edge'],
        actions: [
          { name: 'a', runsOn: ['local', ' far '] },
          { name: 'b', http: {} },
        ],
      }),
    ).toEqual([
      { at: 'spec.runsOn[0]', name: 'edge' },
      { at: 'spec.actions[0].runsOn[1]', name: 'far' },
    ]);
  });
});
