import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { EvidenceList } from './EvidenceList';
import { IncidentContext } from './IncidentContext';
import { evidence, incident, jsonResponse, root } from './testFixtures';
import type { Evidence, Hypothesis } from './types';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

function renderList(hypothesis: Hypothesis) {
  render(
    <TestProviders responses={signedIn(['responder'])}>
      <IncidentContext.Provider value={{ incident, refresh: () => Promise.resolve() }}>
        <EvidenceList hypothesis={hypothesis} />
      </IncidentContext.Provider>
    </TestProviders>,
  );
}

const log: Evidence = {
  ...evidence,
  id: 'e9',
  type: 'log',
  description: 'errors',
  evidence: { lines: [{ timestamp: '10:00', message: 'boom' }], selected_lines: [] },
};
const comment: Evidence = { ...evidence, id: 'e8', type: 'comment', description: null, evidence: { comment: 'see @[Ada](user:u1)' } };

describe('EvidenceList', () => {
  it('says when a hypothesis has no evidence, and while it loads', async () => {
    renderList({ ...root, evidences: [] });
    expect(await screen.findByText('There are no evidences provided for this incident')).toBeInTheDocument();
  });

  it('shows loading while evidence is unknown', () => {
    renderList({ ...root, evidences: undefined });
    expect(screen.getByText('Loading evidences please wait...')).toBeInTheDocument();
  });

  it('renders log lines and comment evidence from their inner shapes', () => {
    renderList({ ...root, evidences: [log, comment] });
    expect(screen.getByTestId('log-lines')).toHaveTextContent('10:00 boom');
    expect(screen.getByTestId('mention')).toHaveTextContent('@Ada');
  });

  it("says 'Evidence delete failed' when the delete is refused", async () => {
    fetchMock.mockImplementation(() => jsonResponse(403, { statusCode: 403, message: 'Forbidden resource' }));
    renderList({ ...root, evidences: [evidence] });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete evidence' }));
    const prompt = await screen.findByRole('alertdialog');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText('Evidence delete failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
