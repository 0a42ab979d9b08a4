import { csrfTokenFor, newSecret, sha256 } from './tokens';
import { kubeconfigFileName } from './kubeconfig.controller';

describe('secrets', () => {
  it('makes distinct random secrets with an optional prefix', () => {
    const a = newSecret('oc_');
    expect(a.startsWith('oc_')).toBe(true);
    expect(a.length).toBeGreaterThan(40);
    expect(newSecret()).not.toBe(newSecret());
  });

  it('derives a stable CSRF token per session that differs between sessions', () => {
    expect(csrfTokenFor('s1')).toBe(csrfTokenFor('s1'));
    expect(csrfTokenFor('s1')).not.toBe(csrfTokenFor('s2'));
    expect(csrfTokenFor('s1')).not.toContain('s1');
  });

  it('stores only a sha256 of a secret', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('derives the kubeconfig file name from the backend host', () => {
    expect(kubeconfigFileName('localhost:8080')).toBe('localhost-8080.yaml');
    expect(kubeconfigFileName('Console.Example.org')).toBe('console.example.org.yaml');
  });
});
