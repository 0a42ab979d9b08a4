import { createExtensionPoint, Extension, extensionsOf, indexContributions } from './extension-point';
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

  it('lets a fallback give way to the real contribution of its id, whichever comes first', () => {
    const real = { point: 'checks', id: 'ldap', owner: 'LdapCheckRunner', instance: 'real' };
    const stand = { point: 'checks', id: 'ldap', owner: 'PlaceholderRunner', instance: 'placeholder', fallback: true };
    expect(indexContributions([stand, real]).get('checks')!.get('ldap')!.instance).toBe('real');
    expect(indexContributions([real, stand]).get('checks')!.get('ldap')!.instance).toBe('real');
    expect(indexContributions([stand]).get('checks')!.get('ldap')!.instance).toBe('placeholder');
    expect(() => indexContributions([stand, { ...stand, owner: 'OtherPlaceholder' }])).toThrow("Duplicate id 'ldap' on extension point 'checks'");
  });

  it('types contributions: a class is decorated only for a point whose contract it implements', () => {
    const POINT = createExtensionPoint<{ greet(): string }>({ id: 'greeters', description: 'test' });
    @Extension(POINT, 'hello')
    @Extension(POINT, 'hi', { fallback: true })
    class Greeter {
      greet() {
        return 'hello';
      }
    }
    // @ts-expect-error -- the compiler refuses a class that does not implement the point's contract
    @Extension(POINT, 'silent')
    class Mute {
      whisper() {
        return '';
      }
    }
    expect(extensionsOf(Greeter)).toEqual([
      { point: 'greeters', id: 'hello' },
      { point: 'greeters', id: 'hi', fallback: true },
    ]);
    expect(extensionsOf(Mute)).toEqual([{ point: 'greeters', id: 'silent' }]);
  });

  it('rejects duplicate plugin ids and missing dependencies in the plugin list', () => {
    expect(() =>
      validateManifests([
        { id: 'a', title: 'A' },
        { id: 'a', title: 'A2' },
      ]),
    ).toThrow("Duplicate plugin id 'a'");
    expect(() => validateManifests([{ id: 'a', title: 'A', dependsOn: ['b'] }])).toThrow("depends on 'b'");
    expect(() =>
      validateManifests([
        { id: 'b', title: 'B' },
        { id: 'a', title: 'A', dependsOn: ['b'] },
      ]),
    ).not.toThrow();
  });
});
