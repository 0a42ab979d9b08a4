export * from './ApiError';
export * from './httpClient';
export * from './postgrest';
export * from './query';
export * from './swrFetcher';
export { setUnauthorizedHandler, loginUrlFor, LOGIN_PATH } from './unauthorized';
export * from './paths';
