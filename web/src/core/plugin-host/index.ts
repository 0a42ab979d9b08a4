export * from './types';
export * from './definePlugin';
export * from './PluginRegistry';
export * from './PluginRegistryContext';
export * from './RouteGuard';
