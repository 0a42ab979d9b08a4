import { indexContributions } from './extension-point';
import { validateManifests } from './plugin-host.service';

describe('extension points', () => {
  it('groups contributions by point and id', () => {
    const index = indexContributions([
      { point: 'responders', id: 'jira', owner: 'JiraResponder', instance: 1 },
      { point: 'responders', id: 'email', owner: 'EmailResponder', instance: 2 },
      { point: 'checks', id: 'jira', owner: 'JiraCheck', instance: 3 },
    ]);
    expect([...index.get('responders')!.keys()]).toEqual(['jira', 'email']);
    expect(index.get('checks')!.get('jira')!.owner).toBe('JiraCheck');
  });

  it('fails loudly naming both owners when an id repeats on one point', () => {
    expect(() =>
      indexContributions([
        { point: 'responders', id: 'jira', owner: 'JiraResponder', instance: 1 },
        { point: 'responders', id: 'jira', owner: 'OtherJiraResponder', instance: 2 },
      ]),
    ).toThrow("Duplicate id 'jira' on extension point 'responders': contributed by both JiraResponder and OtherJiraResponder");
  });

  it('rejects duplicate plugin ids and missing dependencies in the plugin list', () => {
    expect(() => validateManifests([{ id: 'a', title: 'A' }, { id: 'a', title: 'A2' }])).toThrow("Duplicate plugin id 'a'");
    expect(() => validateManifests([{ id: 'a', title: 'A', dependsOn: ['b'] }])).toThrow("depends on 'b'");
    expect(() => validateManifests([{ id: 'b', title: 'B' }, { id: 'a', title: 'A', dependsOn: ['b'] }])).not.toThrow();
  });
});
