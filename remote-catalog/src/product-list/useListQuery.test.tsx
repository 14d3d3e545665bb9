/** @jest-environment jsdom */
import { act } from '@testing-library/react';
// Tests may use what the page does not share.
import { useLocation, useNavigate } from 'react-router';
import { renderHookWithProviders } from '@test/renderWithProviders';
import { useListQuery } from './useListQuery';

function renderListQuery(route: string) {
  return renderHookWithProviders(
    () => {
      const [query, update] = useListQuery();
      return { query, update, location: useLocation(), navigate: useNavigate() };
    },
    { route },
  );
}

describe('useListQuery', () => {
  it('reads sort, view, filters and prices from the URL, junk falling back to defaults', () => {
    const { result } = renderListQuery('/products?sort=price-desc&view=list&availability=in&min=abc&max=30000');
    expect(result.current.query).toEqual({ sort: 'price-desc', view: 'list', availability: ['in'], minPrice: undefined, maxPrice: 30000 });
  });

  it('shows a change at once and writes it to the URL, keeping the rest', () => {
    const { result } = renderListQuery('/products?view=list');
    act(() => result.current.update({ sort: 'name-asc' }));
    expect(result.current.query).toMatchObject({ sort: 'name-asc', view: 'list' });
    expect(result.current.location.search).toBe('?sort=name-asc&view=list');
  });

  it('follows the URL when the shopper goes back', () => {
    const { result } = renderListQuery('/products');
    act(() => result.current.update({ sort: 'price-asc' }));
    act(() => result.current.update({ view: 'list' }));
    expect(result.current.query).toMatchObject({ sort: 'price-asc', view: 'list' });
    act(() => result.current.navigate(-1));
    expect(result.current.query).toMatchObject({ sort: 'price-asc', view: 'grid' });
    act(() => result.current.navigate(-1));
    expect(result.current.query).toMatchObject({ sort: 'featured', view: 'grid' });
  });
});
