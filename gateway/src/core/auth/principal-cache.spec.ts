import { PrincipalCache } from './principal-cache';
import type { Principal } from './principal';

const p = (id: string): Principal => ({ personId: id, email: `${id}@x`, name: id, roles: ['viewer'], via: 'session' });

describe('principal cache', () => {
  afterEach(() => jest.useRealTimers());

  it('returns a principal until its time is up', () => {
    jest.useFakeTimers();
    const cache = new PrincipalCache(2000);
    cache.set('k', p('a'));
    expect(cache.get('k')?.personId).toBe('a');
    jest.advanceTimersByTime(2001);
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps nothing when disabled', () => {
    const cache = new PrincipalCache(0);
    cache.set('k', p('a'));
    expect(cache.get('k')).toBeUndefined();
  });

  it('evicts the oldest entry when full, and on delete', () => {
    const cache = new PrincipalCache(10_000, 2);
    cache.set('a', p('a'));
    cache.set('b', p('b'));
    cache.set('c', p('c'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.personId).toBe('c');
    cache.delete('c');
    expect(cache.get('c')).toBeUndefined();
  });
});
