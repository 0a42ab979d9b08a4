import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { HypothesisNode } from './HypothesisNode';
import { IncidentContext } from './IncidentContext';
import { calls, incident, jsonResponse, root } from './testFixtures';
import type { Hypothesis } from './types';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => jsonResponse(200, {}));
  globalThis.fetch = fetchMock;
});

const factor: Hypothesis = { ...root, id: 'h2', parent_id: 'h1', type: 'factor', title: null, status: null, evidences: [], comments: [] };

function renderNode(hypothesis: Hypothesis) {
  const refresh = jest.fn(() => Promise.resolve());
  render(
    <MemoryRouter>
      <TestProviders responses={signedIn(['commander'])}>
        <IncidentContext.Provider value={{ incident: { ...incident, hypotheses: [root, factor] }, refresh }}>
          <HypothesisNode hypothesis={hypothesis} expandComments={false} />
        </IncidentContext.Provider>
      </TestProviders>
    </MemoryRouter>,
  );
}

describe('HypothesisNode', () => {
  it('shows (no title) and Likely when a hypothesis has neither, and says when it has no evidence', async () => {
    renderNode(factor);
    expect(await screen.findByRole('textbox', { name: 'Hypothesis title' })).toHaveAttribute('placeholder', '(no title)');
    expect(screen.getByRole('combobox', { name: 'Hypothesis status' })).toHaveValue('likely');
    expect(screen.getByText('There are no evidences provided for this incident')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add solution' })).toBeInTheDocument();
  });

  it('counts comments in the singular and the plural', async () => {
    const one = {
      ...factor,
      comments: [{ id: 'c1', incident_id: 'i1', hypothesis_id: 'h2', comment: 'x', created_by: null, created_at: '2025-01-01T00:00:00Z' }],
    };
    renderNode(one);
    expect(await screen.findByRole('button', { name: '1 comment' })).toBeInTheDocument();
  });

  it('saves the title one second after typing stops', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      renderNode(factor);
      const title = await screen.findByRole('textbox', { name: 'Hypothesis title' });
      fireEvent.change(title, { target: { value: 'Bad' } });
      fireEvent.change(title, { target: { value: 'Bad deploy' } });
      await act(async () => jest.advanceTimersByTime(900));
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(100));
      expect(calls(fetchMock)).toEqual([['/api/db/hypotheses?id=eq.h2', 'PATCH', { title: 'Bad deploy' }]]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers Disprove Hypothesis, which sets disproven', async () => {
    renderNode(factor);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove hypothesis' }));
    const prompt = await screen.findByRole('alertdialog');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Disprove Hypothesis', hidden: true }));
    await waitFor(() => expect(calls(fetchMock)).toEqual([['/api/db/hypotheses?id=eq.h2', 'PATCH', { status: 'disproven' }]]));
  });

  it('offers Delete Hypothesis, which leaves the cascade to the server', async () => {
    renderNode(factor);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove hypothesis' }));
    const prompt = await screen.findByRole('alertdialog');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Delete Hypothesis', hidden: true }));
    await waitFor(() => expect(calls(fetchMock)).toEqual([['/api/hypotheses/h2', 'DELETE', undefined]]));
  });
});
