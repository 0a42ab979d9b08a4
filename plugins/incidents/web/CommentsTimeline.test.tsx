import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TestProviders, signedIn } from '@web/core/testing/TestProviders';
import { PEOPLE_KEY } from './AddResponderDialog';
import { CommentsTimeline } from './CommentsTimeline';
import { IncidentContext } from './IncidentContext';
import { calls, incident, jsonResponse } from './testFixtures';

const fetchMock = jest.fn();
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

function renderTimeline() {
  const refresh = jest.fn(() => Promise.resolve());
  render(
    <TestProviders responses={signedIn(['responder'], { [PEOPLE_KEY]: [{ id: 'p7', name: 'Grace Hopper', avatar: null }] })}>
      <IncidentContext.Provider value={{ incident, refresh }}>
        <CommentsTimeline />
      </IncidentContext.Provider>
    </TestProviders>,
  );
  return { refresh };
}

const commentBox = () => screen.findByRole('textbox', { name: 'Comment' });

describe('CommentsTimeline', () => {
  it('disables Send while the text is empty', async () => {
    renderTimeline();
    await commentBox();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('asks for a hypothesis when none is selected', async () => {
    renderTimeline();
    fireEvent.change(await commentBox(), { target: { value: 'hello' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Hypothesis' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please select any hypothesis')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for details when sent empty from the keyboard', async () => {
    renderTimeline();
    fireEvent.keyDown(await commentBox(), { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Please add comment details')).toBeInTheDocument();
  });

  it('suggests people after @ and inserts the mention markup', async () => {
    fetchMock.mockImplementation(() => jsonResponse(201, [{}]));
    renderTimeline();
    const box = await commentBox();
    fireEvent.change(box, { target: { value: 'ask @gr', selectionStart: 7 } });
    fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect(box).toHaveValue('ask @[Grace Hopper](user:p7) ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual([
        ['/api/db/comments', 'POST', { incident_id: 'i1', hypothesis_id: 'h1', comment: 'ask @[Grace Hopper](user:p7)' }],
      ]),
    );
  });

  it('shows a new comment at once and rolls it back with an error toast when saving fails', async () => {
    let fail: () => void = () => undefined;
    fetchMock.mockImplementation(
      () => new Promise((resolve) => (fail = () => resolve(jsonResponse(403, { statusCode: 403, message: 'Forbidden resource' })))),
    );
    renderTimeline();
    fireEvent.change(await commentBox(), { target: { value: 'first look' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('first look')).toBeInTheDocument();
    fail();
    expect(await screen.findByText('Forbidden resource')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('first look')).not.toBeInTheDocument());
  });
});
