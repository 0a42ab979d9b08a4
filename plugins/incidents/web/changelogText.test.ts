import { INCIDENT_HISTORY_TYPES } from '@contracts';
import { changelogText } from './changelogText';
import type { IncidentHistory } from './types';

const event = (type: string, extra: Partial<IncidentHistory> = {}): IncidentHistory => ({
  id: type,
  incident_id: 'i1',
  type,
  description: null,
  created_at: '2025-01-01T00:00:00Z',
  ...extra,
});

describe('changelog text', () => {
  it('describes each of the eight event kinds', () => {
    const texts = INCIDENT_HISTORY_TYPES.map((type) => changelogText(event(type)));
    expect(texts.every((text) => text.length > 0 && !text.startsWith(`${'incident'}.`))).toBe(true);
    expect(new Set(texts.map((t) => t.split(' ')[0] + t.split(' ')[1])).size).toBeGreaterThan(4);
  });

  it('names what changed', () => {
    expect(changelogText(event('incident.status_updated', { description: 'open → closed' }))).toBe('Changed the status: open → closed');
    expect(changelogText(event('incident_status.updated', { description: 'open → mitigated' }))).toBe('Changed the status: open → mitigated');
    expect(changelogText(event('hypothesis.created', { hypothesis: { id: 'h', title: null } }))).toBe('Created hypothesis (no title)');
    expect(changelogText(event('hypothesis.status_updated', { hypothesis: { id: 'h', title: 'Disk' }, description: 'possible → likely' }))).toBe(
      'Changed the status of hypothesis Disk: possible → likely',
    );
    expect(changelogText(event('responder.created', { responder: { id: 'r', team: { id: 't', name: 'SRE' } } }))).toBe('Added responder SRE');
    expect(changelogText(event('responder.commented', { comment: { id: 'c', comment: 'hi @[Ada](user:u1)' } }))).toBe('Commented: hi @[Ada](user:u1)');
    expect(changelogText(event('evidence.done_definition_added', { evidence: { id: 'e', description: 'nginx', type: 'config' } }))).toBe(
      'Added evidence nginx to the definition of done',
    );
  });
});
