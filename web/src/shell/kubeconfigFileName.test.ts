import { kubeconfigFileName } from './kubeconfigFileName';

describe('kubeconfigFileName', () => {
  it.each([
    ['localhost:8080', 'localhost-8080.yaml'],
    ['Console.Example.com', 'console.example.com.yaml'],
    ['[::1]:8080', '1-8080.yaml'],
    ['', 'console.yaml'],
  ])('names the file for %p %p', (host, name) => {
    expect(kubeconfigFileName(host)).toBe(name);
  });
});
