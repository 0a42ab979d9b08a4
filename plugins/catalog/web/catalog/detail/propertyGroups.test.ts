import { groupProperties } from './propertyGroups';

describe('groupProperties', () => {
  it('shows region/zone, vpc/subnet, os/arch and version/part-of together and the others alone', () => {
    const groups = groupProperties([
      { name: 'zone', text: 'eu-west-1a' },
      { name: 'owner', text: 'team-a' },
      { name: 'region', text: 'eu-west-1' },
      { name: 'os', text: 'linux' },
      { name: 'secret', text: 'x', type: 'hidden' },
    ]);
    expect(groups.map((group) => [group.label, group.properties.map((property) => property.text)])).toEqual([
      ['region / zone', ['eu-west-1', 'eu-west-1a']],
      ['os', ['linux']],
      ['owner', ['team-a']],
    ]);
  });
});
