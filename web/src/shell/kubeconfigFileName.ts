/**
 * The kubeconfig's file name, derived from the backend host so configs of several consoles do not clash:
 * `localhost:8080` → `localhost-8080.yaml`, `Console.Example.com` → `console.example.com.yaml`.
 */
export function kubeconfigFileName(host: string): string {
  const safe = host
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${safe || 'console'}.yaml`;
}
