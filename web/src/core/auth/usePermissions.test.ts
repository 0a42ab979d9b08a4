import { permissionsFor } from '@contracts';
import { permissionsFrom } from './usePermissions';

describe('permissionsFrom', () => {
  it('mirrors the matrix: an editor may write properties but not connections', () => {
    const permissions = permissionsFrom(permissionsFor(['editor']));
    expect(permissions.can('properties', 'write')).toBe(true);
    expect(permissions.can('connections', 'write')).toBe(false);
    expect(permissions.canSeeSettings).toBe(true);
  });

  it('does not show the settings menu to viewers (or users with no role)', () => {
    expect(permissionsFrom(permissionsFor(['viewer'])).canSeeSettings).toBe(false);
    expect(permissionsFrom(permissionsFor([])).canSeeSettings).toBe(false);
    expect(permissionsFrom(permissionsFor(['viewer'])).can('properties', 'read')).toBe(true);
  });

  it('allows nothing before the user is known', () => {
    const permissions = permissionsFrom(undefined);
    expect(permissions.ready).toBe(false);
    expect(permissions.can('incident', 'read')).toBe(false);
  });
});
