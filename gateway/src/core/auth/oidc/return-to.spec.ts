import { allowedReturnTo } from './return-to';

const origin = 'https://console.example.com';

describe('allowedReturnTo', () => {
  it('keeps a path on the console with its query and hash', () => {
    expect(allowedReturnTo('/incidents?status=open#top', origin)).toBe('/incidents?status=open#top');
  });

  it('goes home when nothing is asked for, and never back to the login page', () => {
    expect(allowedReturnTo(undefined, origin)).toBe('/');
    expect(allowedReturnTo('', origin)).toBe('/');
    expect(allowedReturnTo('/login?return_to=/x', origin)).toBe('/');
  });

  it("accepts an absolute URL on the console's own origin as its path", () => {
    expect(allowedReturnTo('https://console.example.com/health', origin)).toBe('/health');
  });

  it('refuses other hosts, protocol-relative and backslash tricks, and other schemes', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'http://console.example.com/x', '/a\nb']) {
      expect(allowedReturnTo(bad, origin)).toBeNull();
    }
  });
});
