import { grantsMoreThan } from './invite-rules';

describe('who may be invited as what', () => {
  it('lets an admin invite every role', () => {
    for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer'] as const) expect(grantsMoreThan(role, ['admin'])).toBe(false);
  });

  it('refuses a role with permissions the inviter lacks', () => {
    expect(grantsMoreThan('admin', ['editor'])).toBe(true);
    expect(grantsMoreThan('editor', ['responder'])).toBe(true);
    expect(grantsMoreThan('responder', ['viewer'])).toBe(true);
  });

  it('allows the same or a smaller role', () => {
    expect(grantsMoreThan('editor', ['editor'])).toBe(false);
    expect(grantsMoreThan('viewer', ['editor'])).toBe(false);
    expect(grantsMoreThan('viewer', ['responder'])).toBe(false);
  });
});
