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

  it('suggests people after @, shows the picked name as @Name while editing, and sends the mention markup', async () => {
    fetchMock.mockImplementation(() => jsonResponse(201, [{}]));
    renderTimeline();
    const box = await commentBox();
    fireEvent.change(box, { target: { value: 'ask @gr', selectionStart: 7 } });
    fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    expect(box).toHaveValue('ask @Grace Hopper ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual([['/api/db/comments', 'POST', { incident_id: 'i1', hypothesis_id: 'h1', comment: 'ask @[Grace Hopper](user:p7)' }]]),
    );
  });

  it('shows a new comment at once; when saving fails it rolls it back, says why and keeps the text in the box', async () => {
    let fail: () => void = () => undefined;
    fetchMock.mockImplementation(
      () => new Promise((resolve) => (fail = () => resolve(jsonResponse(413, { statusCode: 413, message: 'Request body is too large' })))),
    );
    renderTimeline();
    const box = await commentBox();
    fireEvent.change(box, { target: { value: 'first look' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('first look', { selector: 'p, span, div' })).toBeInTheDocument();
    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Request body is too large');
    await waitFor(() => expect(screen.queryByTestId('comment')).not.toBeInTheDocument());
    expect(box).toHaveValue('first look');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('counts toward the server limit and refuses a comment over it before sending', async () => {
    renderTimeline();
    const box = await commentBox();
    expect(screen.getByText('0 / 10,000')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'x'.repeat(10_000) } });
    expect(screen.getByText('10,000 / 10,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    fireEvent.change(box, { target: { value: 'x'.repeat(10_001) } });
    expect(screen.getByText('A comment may be at most 10,000 characters (10,001)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('A comment may be at most 10,000 characters');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(box).toHaveValue('x'.repeat(10_001));
  });

  it('clears "Please select any hypothesis" once a hypothesis is selected again', async () => {
    renderTimeline();
    fireEvent.change(await commentBox(), { target: { value: 'hello' } });
    const select = screen.getByRole('combobox', { name: 'Hypothesis' });
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please select any hypothesis')).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'h1' } });
    expect(screen.queryByText('Please select any hypothesis')).not.toBeInTheDocument();
  });
});
