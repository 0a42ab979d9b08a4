/** Gateway endpoints the shell itself uses; each doubles as its SWR cache key. */
export const API_PATHS = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  whoami: '/api/auth/whoami',
  about: '/api/about',
  features: '/api/features',
  kubeconfig: '/api/kubeconfig',
  apiDocs: '/api/docs',
  flowError: (id: string) => `/api/auth/errors/${encodeURIComponent(id)}`,
} as const;
