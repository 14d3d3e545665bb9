/** @jest-environment jsdom */
import { forgetFailedChunks } from './firstViewChunks';

describe('the first view’s chunk scripts', () => {
  it('a chunk script that fails leaves the page (webpack then fetches the chunk afresh); one that loads, and other scripts, stay', () => {
    document.body.innerHTML = `
      <script id="boot" src="/boot.js"></script>
      <script id="failed" async src="/shared-libraries.js"></script>
      <script id="loaded" async src="/bootstrap.js"></script>
      <img id="picture" src="/missing.svg">`;
    forgetFailedChunks();
    const byId = (id: string) => document.getElementById(id)!;
    const failed = byId('failed');
    failed.dispatchEvent(new Event('error'));
    byId('loaded').dispatchEvent(new Event('load'));
    byId('boot').dispatchEvent(new Event('error'));
    byId('picture').dispatchEvent(new Event('error'));
    expect(failed.isConnected).toBe(false);
    expect(['boot', 'loaded', 'picture'].map((id) => document.getElementById(id)?.isConnected)).toEqual([true, true, true]);
  });
});
