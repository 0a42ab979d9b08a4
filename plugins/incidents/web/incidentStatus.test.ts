import { asksForContributingFactors, closeToggle, statusChoices } from './incidentStatus';

describe('incident status choices', () => {
  it.each([
    ['new', ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed']],
    ['open', ['open', 'investigating', 'mitigated', 'resolved', 'closed']],
    ['investigating', ['investigating', 'mitigated', 'resolved', 'closed']],
    ['mitigated', ['mitigated', 'resolved', 'closed', 'open']],
    ['resolved', ['resolved', 'closed', 'open']],
    ['closed', ['closed', 'open']],
  ])('offers exactly the spec choices when the incident is %s', (current, expected) => {
    expect(statusChoices(current)).toEqual(expected);
  });

  it('treats an empty status as new', () => {
    expect(statusChoices('')).toEqual(statusChoices('new'));
    expect(statusChoices(null)).toEqual(statusChoices('new'));
  });

  it('asks for contributing factors only for mitigated and resolved', () => {
    expect(asksForContributingFactors('mitigated')).toBe(true);
    expect(asksForContributingFactors('resolved')).toBe(true);
    expect(asksForContributingFactors('closed')).toBe(false);
    expect(asksForContributingFactors('investigating')).toBe(false);
  });

  it('reads Close when open and Reopen otherwise, flipping between open and closed', () => {
    expect(closeToggle('open')).toEqual({ label: 'Close', target: 'closed' });
    expect(closeToggle('closed')).toEqual({ label: 'Reopen', target: 'open' });
    expect(closeToggle('mitigated')).toEqual({ label: 'Reopen', target: 'open' });
  });
});
