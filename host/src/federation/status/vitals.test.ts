/** @jest-environment jsdom */
import { areaOf, remoteOfArea } from './vitals';

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
