/** @jest-environment jsdom */
import { areaOf, observeVitals, remoteOfArea } from './pageStatus';

type Listener = (metric: { value: number; rating: string; attribution: Record<string, string | undefined> }) => void;
const listeners: Record<string, Listener> = {};
// The library's own measuring needs a real browser: here each vital's listener is called by hand.
jest.mock('web-vitals/attribution', () => ({
  onLCP: (listener: Listener) => (listeners.LCP = listener),
  onINP: (listener: Listener) => (listeners.INP = listener),
  onCLS: (listener: Listener) => (listeners.CLS = listener),
}));

describe('attribution to areas', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <header><button id="search">Search</button></header>
      <main>
        <div data-remote-area="catalog/ProductDetailPage"><h1 id="title">Hoi An <em id="em">Handkerchief</em></h1></div>
        <section><div data-remote-area="catalog/NewThisSeason"><img id="card" alt="" /></div></section>
      </main>`;
  });

  it('names the remote area that holds an element, text or node, and the host for the rest', () => {
    expect(areaOf(document.getElementById('title')!)).toBe('catalog/ProductDetailPage');
    expect(areaOf(document.getElementById('em')!.firstChild!)).toBe('catalog/ProductDetailPage');
    expect(areaOf(document.getElementById('card')!)).toBe('catalog/NewThisSeason');
    expect(areaOf(document.getElementById('search')!)).toBe('host');
    expect(areaOf(document.body)).toBe('host');
  });

  it('names the remote of an area', () => {
    expect(remoteOfArea('catalog/NewThisSeason')).toBe('catalog');
    expect(remoteOfArea('host')).toBe('host');
  });
});

describe('the vitals watched', () => {
  it('reports LCP and INP in whole milliseconds and CLS as its score, each with its area', async () => {
    const reported: unknown[] = [];
    await observeVitals((record) => reported.push(record));
    listeners.LCP!({ value: 1234.6, rating: 'needs-improvement', attribution: { target: 'catalog/ProductListPage' } });
    listeners.INP!({ value: 88.2, rating: 'good', attribution: { interactionTarget: 'host' } });
    listeners.CLS!({ value: 0.04217, rating: 'good', attribution: { largestShiftTarget: 'catalog/NewThisSeason' } });
    listeners.CLS!({ value: 0.3, rating: 'poor', attribution: { largestShiftTarget: undefined } });
    expect(reported).toEqual([
      { kind: 'vital', name: 'LCP', value: 1235, rating: 'needs-improvement', area: 'catalog/ProductListPage', remote: 'catalog' },
      { kind: 'vital', name: 'INP', value: 88, rating: 'good', area: 'host', remote: 'host' },
      { kind: 'vital', name: 'CLS', value: 0.0422, rating: 'good', area: 'catalog/NewThisSeason', remote: 'catalog' },
      { kind: 'vital', name: 'CLS', value: 0.3, rating: 'poor', area: 'unknown', remote: 'unknown' },
    ]);
  });
});
