export * from './rbac';
export * from './features';
export * from './values';
export * from './format';
export * from './api';
export * from './plugin';
export * from './responders';
export * from './incidents';
