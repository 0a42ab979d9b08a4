import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BadSessionPage } from './BadSessionPage';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/bad-session" element={<BadSessionPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BadSessionPage', () => {
  it('explains a bad session', () => {
    renderAt('/bad-session?error_code=BAD_SESSION');
    expect(screen.getByText('Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.')).toBeInTheDocument();
    expect(screen.queryByText('Unknown error')).not.toBeInTheDocument();
  });

  it.each(['/bad-session?error_code=SOMETHING_ELSE', '/bad-session'])('shows Unknown error for %s', (url) => {
    renderAt(url);
    expect(screen.getByText('Unknown error')).toBeInTheDocument();
  });

  it('has a Go back link to /', () => {
    renderAt('/bad-session?error_code=BAD_SESSION');
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });
});
