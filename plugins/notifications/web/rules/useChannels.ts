import { useMemo } from 'react';
import type { FluentIcon } from '@fluentui/react-icons';
import useSWR from 'swr';
import { useAccess, usePluginRegistry } from '@web/core/plugin-host';
import { CHANNELS_API, type ServerChannel, getJson } from './rulesApi';
import { schemeOf } from './ruleForm';

/** A channel an "Others" recipient can use, from `notifications.channels` and the gateway's list. */
export interface ChannelChoice {
  id: string;
  label: string;
  icon?: FluentIcon;
  urlExample: string;
  connectionTypes: readonly string[];
  schemes: readonly string[];
}

/**
 * The channels of the rule form: each `notifications.channels` contribution (label, icon, URL example), with the
 * URL schemes the gateway says it takes; a channel the gateway has and no web plugin describes is listed plainly.
 */
export function useChannels(enabled = true) {
  const registry = usePluginRegistry();
  const access = useAccess();
  const extensions = useMemo(() => registry.getVisibleExtensions('notifications.channels', access), [registry, access]);
  const { data: server } = useSWR<ServerChannel[]>(enabled ? CHANNELS_API : null, getJson, { revalidateOnFocus: false, shouldRetryOnError: false });

  const channels = useMemo<ChannelChoice[]>(() => {
    const byType = new Map((server ?? []).map((channel) => [channel.type, channel]));
    const described: ChannelChoice[] = extensions.map((extension) => {
      const known = byType.get(extension.id);
      const exampleScheme = schemeOf(extension.urlExample);
      return {
        id: extension.id,
        label: extension.label,
        icon: extension.icon,
        urlExample: extension.urlExample,
        connectionTypes: known?.connectionTypes ?? extension.connectionTypes,
        schemes: known?.schemes ?? (exampleScheme ? [exampleScheme] : [extension.id]),
      };
    });
    const plain = (server ?? [])
      .filter((channel) => !extensions.some((extension) => extension.id === channel.type))
      .map((channel) => ({
        id: channel.type,
        label: channel.label,
        urlExample: channel.schemes[0] ? `${channel.schemes[0]}://…` : '',
        connectionTypes: channel.connectionTypes,
        schemes: channel.schemes,
      }));
    return [...described, ...plain];
  }, [extensions, server]);

  /** The channel of a URL's scheme ('' when none takes it). */
  const channelOfScheme = useMemo(() => {
    return (scheme: string) => channels.find((channel) => channel.schemes.includes(scheme))?.id ?? '';
  }, [channels]);

  return { channels, channelOfScheme };
}
