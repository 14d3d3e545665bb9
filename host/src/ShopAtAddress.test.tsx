/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createShopStore } from '@maison/shared';
import { createRemoteModuleStore } from './federation/react/remoteModuleStore';
import { ShopAtAddress } from './ShopAtAddress';

describe('the pages a page load shows', () => {
  beforeAll(() => {
    window.sessionStorage.setItem('hasVisited', 'true');
    window.scrollTo = () => undefined;
    // jsdom has no Request: the router makes one per navigation, and reads little of it without loaders.
    globalThis.Request ??= class {
      readonly method: string;
      readonly signal: AbortSignal | null | undefined;
      constructor(
        readonly url: string,
        init: RequestInit = {},
      ) {
        this.method = init.method ?? 'GET';
        this.signal = init.signal;
      }
    } as unknown as typeof Request;
  });

  it('hears the page the shop starts at, each navigation, the language menu’s move and Back', async () => {
    window.history.replaceState(null, '', '/about');
    const shown: string[] = [];
    // Remote pages never arrive here: the host's own pages are enough to move between.
    const modules = createRemoteModuleStore({ load: () => new Promise(() => undefined) });
    render(<ShopAtAddress store={createShopStore()} modules={modules} pageShown={(page) => shown.push(page)} />);
    const user = userEvent.setup();
    expect(shown).toEqual(['/about']);

    await user.click(screen.getAllByRole('link', { name: 'Contact' })[0]!);
    await user.click(screen.getByRole('button', { name: /^Language:/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Tiếng Việt' }));
    expect(window.location.pathname).toBe('/vi/contact');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    // Back is heard by both languages' routers: the page heard again is no new view (status/pageSignals.ts).
    expect(shown.filter((page, index) => page !== shown[index - 1])).toEqual(['/about', '/contact', '/vi/contact', '/contact']);
  });
});
