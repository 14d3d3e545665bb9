/** @jest-environment jsdom */
import { useState } from 'react';
import { screen } from '@testing-library/react';
import type { SearchResultsProps } from '@maison/shared';
import { renderWithProviders } from '@test/renderWithProviders';
import { createRemoteModuleStore } from '../federation/react/remoteModuleStore';
import { RemoteModulesProvider } from '../federation/react/RemoteArea';
import { SearchPanel } from './SearchPanel';

/** Stands in for the catalogue's results: two links under the list id the panel names. */
function FakeResults({ query, listboxId, onNavigate }: SearchResultsProps) {
  return (
    <ul id={listboxId}>
      {query &&
        ['Hoi An Handkerchief', 'Dragon Bridge Handkerchief'].map((name) => (
          <li key={name}>
            <a href="#result" onClick={onNavigate}>
              {name}
            </a>
          </li>
        ))}
    </ul>
  );
}

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Search
      </button>
      {open && <SearchPanel onClose={() => setOpen(false)} />}
    </>
  );
}

function renderSearch() {
  const modules = createRemoteModuleStore({ load: () => Promise.resolve({ default: FakeResults }) });
  return renderWithProviders(<Opener />, { wrap: (children) => <RemoteModulesProvider value={modules}>{children}</RemoteModulesProvider> });
}

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('SearchPanel', () => {
  it('opens with the field focused, and one Escape closes it even with text typed', async () => {
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('searchbox', { name: 'Search products' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'hoi');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox')).toBeNull();
    // Focus goes back to what opened it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
  });

  it('ArrowDown from the field moves into the results; choosing one closes the panel', async () => {
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox'), 'handkerchief');
    const first = await screen.findByRole('link', { name: 'Hoi An Handkerchief' });
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('the close button closes it', async () => {
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
