import { safeReturnTo } from './safeReturnTo';

const origin = 'https://console.example.com';

describe('safeReturnTo', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(safeReturnTo('/incidents?status=open#top', origin)).toBe('/incidents?status=open#top');
  });

  it.each([null, '', 'https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)', '/login?return_to=/x'])(
    'goes home for %p',
    (value) => {
      expect(safeReturnTo(value, origin)).toBe('/');
    },
  );
});
