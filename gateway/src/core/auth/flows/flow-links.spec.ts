import type { Request } from 'express';
import { flowLink, publicOrigin } from './flow-links';
import { passwordProblem } from './flow-messages';

function req(headers: Record<string, string>, protocol = 'http'): Request {
  return { protocol, header: (name: string) => headers[name.toLowerCase()], get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
}

describe('emailed links', () => {
  it('point at PUBLIC_URL when it is set, whatever the request says', () => {
    expect(publicOrigin({ publicUrl: 'https://console.example.com' }, req({ origin: 'https://evil.example', host: 'evil.example' }))).toBe(
      'https://console.example.com',
    );
  });

  it("otherwise follow the browser's origin when it names the host (or the sender may choose), else scheme and host", () => {
    expect(publicOrigin({ publicUrl: null }, req({ origin: 'http://localhost:5173', host: 'localhost:5173' }))).toBe('http://localhost:5173');
    expect(publicOrigin({ publicUrl: null }, req({ origin: 'http://localhost:5173', host: 'localhost:8080' }), true)).toBe('http://localhost:5173');
    // A recovery request for someone else's address: its Origin does not choose where their link points.
    expect(publicOrigin({ publicUrl: null }, req({ origin: 'https://evil.example', host: 'console.internal:8080' }))).toBe('http://console.internal:8080');
    expect(publicOrigin({ publicUrl: null }, req({ host: 'console.internal:8080' }, 'https'))).toBe('https://console.internal:8080');
    expect(publicOrigin({ publicUrl: null }, req({ origin: 'null', host: 'console.internal' }))).toBe('http://console.internal');
  });

  it('carry the token encoded in the query', () => {
    expect(flowLink('https://c.example', 'recovery', 'a+b/c')).toBe('https://c.example/recovery?token=a%2Bb%2Fc');
  });
});

describe('new passwords', () => {
  it('need 8 to 1024 characters', () => {
    expect(passwordProblem('1234567')).toBe('Password must be at least 8 characters');
    expect(passwordProblem(undefined)).toBe('Password must be at least 8 characters');
    expect(passwordProblem('12345678')).toBeUndefined();
    expect(passwordProblem('x'.repeat(1025))).toBe('Password must be at most 1024 characters');
  });
});
