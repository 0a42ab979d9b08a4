import { PluginRegistry } from '@web/core/plugin-host';
import { webPlugins } from '../../../web/src/plugins.generated';

/** The connection form offers what the installed plugins contribute: every channel's connection types among them. */
describe('connection types of the connection form', () => {
  const registry = new PluginRegistry(webPlugins);
  const types = registry.getExtensions('connection.types');

  it('offers each type once', () => {
    const ids = types.map((t) => t.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("offers every connection type a notification channel takes, with the channel's fields", () => {
    const offered = new Map(types.map((t) => [t.id, t]));
    const wanted = registry.getExtensions('notifications.channels').flatMap((c) => c.connectionTypes);
    expect(wanted.filter((type) => !offered.has(type))).toEqual([]);
    for (const type of wanted) expect(offered.get(type)!.fields?.length).toBeGreaterThan(0);
  });

  it('asks each service for what it needs: a token or key as the password, the properties the channel reads, the URL where there is no default', () => {
    const fields = (id: string) => Object.fromEntries((types.find((t) => t.id === id)?.fields ?? []).map((f) => [f.name, f.required === true]));
    expect(fields('slack')).toEqual({ password: false, 'properties.channel': false, url: false });
    expect(fields('telegram')).toEqual({ password: true, 'properties.chats': false, url: false });
    expect(fields('opsgenie')).toEqual({ password: true, url: false });
    expect(fields('pagerduty')).toEqual({ password: true, url: false });
    expect(fields('ntfy')).toMatchObject({ 'properties.topic': false, url: false });
    for (const id of ['discord', 'teams', 'mattermost']) expect(fields(id)).toMatchObject({ url: true });
  });
});
