import { LINK_FORM_DEFAULTS, NEW, chooseIncident, linkRequest, validateLinkForm } from './linkToIncidentForm';

describe('link to incident form', () => {
  it('defaults to availability and low', () => {
    expect(LINK_FORM_DEFAULTS.type).toBe('availability');
    expect(LINK_FORM_DEFAULTS.severity).toBe('low');
  });

  it('requires an incident', () => {
    expect(validateLinkForm(LINK_FORM_DEFAULTS).incident).toBe('Must select or create an incident');
    expect(validateLinkForm({ ...LINK_FORM_DEFAULTS, incident: NEW }).incident).toBe('Must select or create an incident');
  });

  it('requires a hypothesis for an existing incident only', () => {
    expect(validateLinkForm({ ...LINK_FORM_DEFAULTS, incident: 'i1' })).toEqual({ hypothesis: 'Must select or create a hypothesis' });
    expect(validateLinkForm({ ...LINK_FORM_DEFAULTS, incident: NEW, newIncidentTitle: 'Outage' })).toEqual({});
  });

  it('requires severity and type for a new incident', () => {
    expect(validateLinkForm({ ...LINK_FORM_DEFAULTS, incident: NEW, newIncidentTitle: 'x', severity: '', type: '' })).toEqual({
      severity: 'Please select incident severity',
      type: 'Please select an incident type',
    });
  });

  it('clears the hypothesis when another incident is chosen and picks a single one', () => {
    const state = { ...LINK_FORM_DEFAULTS, incident: 'i1', hypothesis: 'h1' };
    expect(chooseIncident(state, 'i2', [{ id: 'h2' }, { id: 'h3' }]).hypothesis).toBe('');
    expect(chooseIncident(state, 'i2', [{ id: 'h2' }]).hypothesis).toBe('h2');
    expect(chooseIncident(state, 'i1', []).hypothesis).toBe('h1');
  });

  it('titles a new hypothesis with the typed text or the incident title', () => {
    const state = { ...LINK_FORM_DEFAULTS, incident: 'i1', hypothesis: NEW };
    expect(linkRequest(state, { type: 'config', config_id: 'c' }, 'Outage').new_hypothesis_title).toBe('Outage');
    expect(linkRequest({ ...state, newHypothesisTitle: 'Disk' }, { type: 'config' }, 'Outage').new_hypothesis_title).toBe('Disk');
  });

  it('creates a new incident as open with its type and severity', () => {
    const body = linkRequest({ ...LINK_FORM_DEFAULTS, incident: NEW, newIncidentTitle: 'Outage', description: 'see logs' }, { type: 'log' }, undefined);
    expect(body).toMatchObject({
      incident_id: null,
      new_incident: { title: 'Outage', type: 'availability', severity: 'low', status: 'open' },
      evidence: { type: 'log', description: 'see logs' },
    });
  });
});
