/**
 * Where help links point. The API reference is served by the gateway itself; the product docs
 * (docs/ of the repository) are served at DOCS_URL. Both are relative, so nothing leaves the deployment.
 */
export const API_DOCS_URL = '/api/docs';
export const DOCS_URL = '/docs/';
export const KUBECONFIG_DOCS_URL = '/docs/operations#kubeconfig';
