export * from './useWhoAmI';
export * from './usePermissions';
export * from './RequireAuth';
