import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, currentLocation } from '@web/core/testing/renderAt';
import { type Call, stubFetch } from '@web/core/testing/stubFetch';
import SettingsDetailRoute from '@web/core/settings/SettingsDetailRoute';
import SettingsListRoute from '@web/core/settings/SettingsListRoute';
import incidentsPlugin from '../index';

// jsdom cannot run Monaco: the spec editor is a textarea here.
jest.mock('@web/core/editor/YamlEditor', () => jest.requireActual('@web/core/editor/testing').textareaYamlEditor);

const rule = {
  id: 'r1',
  name: 'page-on-critical',
  spec: { severity: 'critical' },
  source: 'UI',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
  created_by: { id: 'p1', name: 'Ada Lovelace' },
};

function open(url: string) {
  const api = stubFetch([
    ['GET /api/db/incident_rules?select=', [rule]],
    ['POST /api/db/incident_rules', (call: Call) => [{ ...rule, id: 'r2', ...(call.body as object) }]],
  ]);
  renderAt(
    url,
    [
      { path: '/settings/incident_rules', element: <SettingsListRoute /> },
      { path: '/settings/incident_rules/:id', element: <SettingsDetailRoute /> },
    ],
    { roles: ['admin'], plugins: [incidentsPlugin] },
  );
  return api;
}

describe('incident rules settings', () => {
  it('lists incident_rules itself (no _with_status view), without the job columns', async () => {
    const api = open('/settings/incident_rules');
    expect(await screen.findByText('page-on-critical')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.trim().replace(/\s+\d+$/, ''));
    expect(headers).toEqual(['Name', 'Source', 'Created', 'Updated', 'Created By']);
    const query = new URL(api.last('GET /api/db/incident_rules?select=')!.url, 'http://x').searchParams;
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('select')).toBe('*,created_by(id,name)');
  });

  it('adds a rule with its name and spec (YAML) through the data API', async () => {
    const api = open('/settings/incident_rules/new');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Name/ }), { target: { value: 'escalate' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Incident Rules spec' }), { target: { value: 'severity: high\nresponders:\n  - ops\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('escalate created successfully')).toBeInTheDocument();
    expect(api.last('POST /api/db/incident_rules')?.body).toEqual({ name: 'escalate', spec: { severity: 'high', responders: ['ops'] } });
    await waitFor(() => expect(currentLocation()).toBe('/settings/incident_rules'));
  });
});
