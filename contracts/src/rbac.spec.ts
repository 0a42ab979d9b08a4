import { can, effectiveRoles, highestRole, permissionsFor, RESOURCES, ROLE_MATRIX } from './rbac';

describe('RBAC matrix (spec 01 §6)', () => {
  it('lets admin read and write every resource', () => {
    for (const r of RESOURCES) {
      expect(can(['admin'], r, 'read')).toBe(true);
      expect(can(['admin'], r, 'write')).toBe(true);
    }
  });

  it('lets editor write everything except connections, identities and rbac', () => {
    expect(can(['editor'], 'connections', 'write')).toBe(false);
    expect(can(['editor'], 'identities', 'write')).toBe(false);
    expect(can(['editor'], 'rbac', 'write')).toBe(false);
    expect(can(['editor'], 'connections', 'read')).toBe(true);
    expect(can(['editor'], 'canaries', 'write')).toBe(true);
    expect(can(['editor'], 'properties', 'write')).toBe(true);
  });

  it('lets only admin write exec (saving specs that run scripts on the console)', () => {
    expect(can(['admin'], 'exec', 'write')).toBe(true);
    for (const role of ['editor', 'commander', 'responder', 'viewer']) expect(can([role], 'exec', 'write')).toBe(false);
  });

  it.each(['commander', 'responder'])('lets %s write only responder, incident, evidences and comments', (role) => {
    const writable = RESOURCES.filter((r) => can([role], r, 'write'));
    expect(writable.sort()).toEqual(['comments', 'evidences', 'incident', 'responder']);
    expect(can([role], 'connections', 'read')).toBe(false);
    expect(can([role], 'identities', 'read')).toBe(false);
    expect(can([role], 'rbac', 'read')).toBe(false);
    expect(can([role], 'canaries', 'read')).toBe(true);
  });

  it('gives viewer the commander read set and no writes', () => {
    expect(RESOURCES.filter((r) => can(['viewer'], r, 'write'))).toEqual([]);
    expect(ROLE_MATRIX.viewer.read).toEqual(ROLE_MATRIX.commander.read);
  });

  it('treats a user with no role as viewer and ignores unknown role names', () => {
    expect(effectiveRoles([])).toEqual(['viewer']);
    expect(effectiveRoles(null)).toEqual(['viewer']);
    expect(effectiveRoles(['superuser'])).toEqual(['viewer']);
    expect(can([], 'incident', 'write')).toBe(false);
    expect(can([], 'incident', 'read')).toBe(true);
  });

  it('merges several roles', () => {
    expect(can(['viewer', 'responder'], 'incident', 'write')).toBe(true);
    expect(can(['responder', 'editor'], 'canaries', 'write')).toBe(true);
    expect(permissionsFor(['responder', 'editor']).connections).toEqual({ read: true, write: false });
  });

  it('shows the highest role when there are several', () => {
    expect(highestRole(['viewer', 'editor'])).toBe('editor');
    expect(highestRole(['viewer', 'admin', 'editor'])).toBe('admin');
    expect(highestRole([])).toBe('viewer');
  });
});
