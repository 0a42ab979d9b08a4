import type { FluentIcon } from '@fluentui/react-icons';
import type { Feature } from '@contracts';
import { PluginRegistry, PluginRegistryError, visibilityOf } from './PluginRegistry';
import type { Access, PluginRegisterContext, WebPlugin } from './types';

const Icon = (() => null) as unknown as FluentIcon;
const load = () => Promise.resolve({ default: () => null });

function plugin(id: string, register: (ctx: PluginRegisterContext) => void, extra: Partial<WebPlugin['manifest']> = {}): WebPlugin {
  return { manifest: { id, title: id, ...extra }, register };
}

function access(overrides: Partial<Access> & { disabled?: Feature[] } = {}): Access {
  const { disabled = [], ...rest } = overrides;
  return {
    isFeatureEnabled: (feature) => !disabled.includes(feature),
    can: () => true,
    canSeeSettings: true,
    ...rest,
  };
}

describe('PluginRegistry', () => {
  it('collects contributions of every plugin, ordered by order then registration', () => {
    const registry = new PluginRegistry([
      plugin('b', (ctx) => ctx.add('nav', { id: 'b', title: 'B', icon: Icon, path: '/b', section: 'main', order: 20 })),
      plugin('a', (ctx) => {
        ctx.add('nav', { id: 'a', title: 'A', icon: Icon, path: '/a', section: 'main', order: 10 });
        ctx.add('nav', { id: 'a2', title: 'A2', icon: Icon, path: '/a2', section: 'main', order: 20 });
      }),
    ]);
    expect(registry.getExtensions('nav').map((n) => n.id)).toEqual(['a', 'b', 'a2']);
    expect(registry.getExtensions('nav')[0].owner).toBe('a');
    expect(registry.getExtensions('incident.linkDialog')).toEqual([]);
  });

  it('lets a fallback contribution give way to the real one of its id, in either order', () => {
    const placeholder = plugin('health', (ctx) => ctx.add('health.checkTypes', { id: 'ldap', label: 'LDAP (not run)', fallback: true }));
    const real = plugin('check-ldap', (ctx) => ctx.add('health.checkTypes', { id: 'ldap', label: 'LDAP' }));
    for (const plugins of [
      [placeholder, real],
      [real, placeholder],
    ]) {
      const types = new PluginRegistry(plugins).getExtensions('health.checkTypes');
      expect(types.map((t) => [t.id, t.label, t.owner])).toEqual([['ldap', 'LDAP', 'check-ldap']]);
    }
    expect(new PluginRegistry([placeholder]).getExtensions('health.checkTypes').map((t) => t.label)).toEqual(['LDAP (not run)']);
    const twice = plugin('other', (ctx) => ctx.add('health.checkTypes', { id: 'ldap', label: 'L', fallback: true }));
    expect(() => new PluginRegistry([placeholder, twice])).toThrow("Duplicate health.checkTypes id 'ldap'");
  });

  it('refuses a duplicate plugin id', () => {
    expect(() => new PluginRegistry([plugin('x', () => undefined), plugin('x', () => undefined)])).toThrow("Duplicate plugin id 'x'");
  });

  it('refuses a duplicate nav id, naming both owners', () => {
    const make = (owner: string) =>
      plugin(owner, (ctx) => ctx.add('nav', { id: 'incidents', title: 'Incidents', icon: Icon, path: `/${owner}`, section: 'main' }));
    expect(() => new PluginRegistry([make('first'), make('second')])).toThrow("Duplicate nav id 'incidents': registered by 'first' and 'second'");
  });

  it('refuses two routes on the same path, naming both owners', () => {
    const make = (owner: string) => plugin(owner, (ctx) => ctx.add('routes', { path: '/incidents', load }));
    expect(() => new PluginRegistry([make('incidents'), make('impostor')])).toThrow(PluginRegistryError);
    expect(() => new PluginRegistry([make('incidents'), make('impostor')])).toThrow(
      "Duplicate route path '/incidents': registered by 'incidents' and 'impostor'",
    );
  });

  it('refuses duplicate ids within a named extension point but allows the same id in two points', () => {
    const jira = (owner: string) => plugin(owner, (ctx) => ctx.add('incident.responderTypes', { id: 'jira', label: 'Jira' }));
    expect(() => new PluginRegistry([jira('responder-jira'), jira('responder-jira-2')])).toThrow(
      "Duplicate incident.responderTypes id 'jira': registered by 'responder-jira' and 'responder-jira-2'",
    );
    expect(
      () => new PluginRegistry([jira('responder-jira'), plugin('connection-jira', (ctx) => ctx.add('connection.types', { id: 'jira', label: 'Jira' }))]),
    ).not.toThrow();
  });

  it('runs init after every plugin registered, and init sees all contributions', () => {
    const seen: string[][] = [];
    new PluginRegistry([
      {
        ...plugin('health', () => undefined),
        init: (ctx) => {
          seen.push(ctx.getExtensions('health.checkTypes').map((t) => t.id));
        },
      },
      plugin('check-http', (ctx) => ctx.add('health.checkTypes', { id: 'http', label: 'HTTP' })),
    ]);
    expect(seen).toEqual([['http']]);
  });

  it('fails when a plugin depends on a missing one', () => {
    expect(() => new PluginRegistry([plugin('responder-jira', () => undefined, { dependsOn: ['incidents'] })])).toThrow(
      "Plugin 'responder-jira' depends on missing plugin 'incidents'",
    );
  });

  describe('visibility', () => {
    const registry = new PluginRegistry([
      plugin(
        'incidents',
        (ctx) => {
          ctx.add('nav', { id: 'incidents', title: 'Incidents', icon: Icon, path: '/incidents', section: 'main' });
          ctx.add('nav', {
            id: 'incident-rules',
            title: 'Incident Rules',
            icon: Icon,
            path: '/settings/rules',
            section: 'settings',
            feature: 'settings.rules',
            permission: { resource: 'incident', action: 'write' },
          });
        },
        { feature: 'incidents' },
      ),
      plugin('connections', (ctx) =>
        ctx.add('nav', {
          id: 'connections',
          title: 'Connections',
          icon: Icon,
          path: '/settings/connections',
          section: 'settings',
          permission: { resource: 'connections', action: 'read' },
        }),
      ),
    ]);
    const visibleIds = (a: Access) => registry.getVisibleExtensions('nav', a).map((n) => n.id);

    it('shows everything to a user with every permission and feature', () => {
      expect(visibleIds(access())).toEqual(['incidents', 'incident-rules', 'connections']);
    });

    it("hides a plugin's contributions when the plugin's feature is disabled", () => {
      expect(visibleIds(access({ disabled: ['incidents'] }))).toEqual(['connections']);
    });

    it('hides a contribution whose own feature is disabled', () => {
      expect(visibleIds(access({ disabled: ['settings.rules'] }))).toEqual(['incidents', 'connections']);
    });

    it('hides contributions the user lacks the permission for', () => {
      const can: Access['can'] = (resource) => resource !== 'connections';
      expect(visibleIds(access({ can }))).toEqual(['incidents', 'incident-rules']);
    });

    it('hides the settings section from users without any write permission (viewers)', () => {
      expect(visibleIds(access({ canSeeSettings: false }))).toEqual(['incidents']);
    });

    it('tells a disabled feature apart from a missing permission', () => {
      const [, rules] = registry.getExtensions('nav');
      expect(visibilityOf(rules, access({ disabled: ['settings.rules'] }))).toBe('feature-disabled');
      expect(visibilityOf(rules, access({ can: () => false }))).toBe('forbidden');
      expect(visibilityOf(rules, access())).toBe('visible');
    });
  });
});
