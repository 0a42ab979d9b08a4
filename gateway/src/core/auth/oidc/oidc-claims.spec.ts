import { claimedEmail, claimedOrganizations, displayName, mappedRoles } from './oidc-claims';

const settings = { rolesClaim: 'roles', roleMap: { admins: 'admin', ops: 'responder' } as const, defaultRole: 'viewer' as const };

describe('mappedRoles', () => {
  it('maps each claim value the role map names, from a list or a space/comma separated string', () => {
    expect(mappedRoles({ roles: ['admins', 'ops', 'other'] }, settings).sort()).toEqual(['admin', 'responder']);
    expect(mappedRoles({ roles: 'ops, admins' }, settings).sort()).toEqual(['admin', 'responder']);
  });

  it('gives the default role when nothing maps, and never takes an unmapped value for a role name', () => {
    expect(mappedRoles({ roles: ['admin'] }, settings)).toEqual(['viewer']);
    expect(mappedRoles({}, settings)).toEqual(['viewer']);
  });

  it('reads a nested claim by a dotted path, and a claim whose name has dots as such', () => {
    expect(mappedRoles({ realm_access: { roles: ['ops'] } }, { ...settings, rolesClaim: 'realm_access.roles' })).toEqual(['responder']);
    expect(mappedRoles({ 'https://corp.test/roles': ['admins'] }, { ...settings, rolesClaim: 'https://corp.test/roles' })).toEqual(['admin']);
  });
});

describe('claimedOrganizations', () => {
  it('reads slugs, objects and maps keyed by slug; skips what is not a slug; keeps order without duplicates', () => {
    expect(claimedOrganizations({ orgs: ['Acme', 'acme', 'bad slug', { slug: 'globex', name: 'Globex' }] }, 'orgs')).toEqual([
      { slug: 'acme', name: 'acme', backendUrl: null, direct: false },
      { slug: 'globex', name: 'Globex', backendUrl: null, direct: false },
    ]);
    expect(claimedOrganizations({ orgs: { initech: { name: 'Initech', publicMetadata: { backend_url: 'https://i.test', direct: true } } } }, 'orgs')).toEqual([
      { slug: 'initech', name: 'Initech', backendUrl: 'https://i.test', direct: true },
    ]);
  });

  it('is empty outside hosted mode or without the claim', () => {
    expect(claimedOrganizations({ orgs: ['acme'] }, null)).toEqual([]);
    expect(claimedOrganizations({}, 'orgs')).toEqual([]);
  });
});

describe('claimedEmail and displayName', () => {
  it('counts an email as verified only when the provider says email_verified: true', () => {
    expect(claimedEmail({ email: 'a@b.test', email_verified: true })).toEqual({ email: 'a@b.test', verified: true });
    expect(claimedEmail({ email: 'a@b.test', email_verified: 'true' })).toEqual({ email: 'a@b.test', verified: false });
    expect(claimedEmail({ email: 'not an email' })).toEqual({ email: null, verified: false });
  });

  it('names a person by name, else given and family name, else the email', () => {
    expect(displayName({ name: ' Ada ' }, 'x@y.test')).toBe('Ada');
    expect(displayName({ given_name: 'Ada', family_name: 'Lovelace' }, 'x@y.test')).toBe('Ada Lovelace');
    expect(displayName({}, 'ada@y.test')).toBe('ada');
  });
});
