/** @jest-environment jsdom */
import { forgetFailedChunks } from './firstViewChunks';

describe('the first view’s chunk scripts', () => {
  beforeAll(() => forgetFailedChunks());
  const byId = (id: string) => document.getElementById(id)!;

  it('a chunk script that fails leaves the page (webpack then fetches the chunk afresh); one that loads, and other scripts, stay', () => {
    document.body.innerHTML = `
      <script id="boot" src="/boot.js"></script>
      <script id="failed" async src="/shared-libraries.js"></script>
      <script id="loaded" async src="/bootstrap.js"></script>
      <img id="picture" src="/missing.svg">`;
    const failed = byId('failed');
    failed.dispatchEvent(new Event('error'));
    byId('loaded').dispatchEvent(new Event('load'));
    byId('boot').dispatchEvent(new Event('error'));
    byId('picture').dispatchEvent(new Event('error'));
    expect(failed.isConnected).toBe(false);
    expect(document.querySelectorAll('script[src$="/shared-libraries.js"]')).toHaveLength(0);
    expect(['boot', 'loaded', 'picture'].map((id) => document.getElementById(id)?.isConnected)).toEqual([true, true, true]);
  });

  it('one that fails while webpack waits on it is fetched again once, webpack told only of how the second try ends', () => {
    document.body.innerHTML = `<script id="waited" async src="/shared-libraries.js"></script>`;
    const failed = byId('waited') as HTMLScriptElement;
    const told: string[] = [];
    failed.onload = () => told.push('load');
    failed.onerror = () => told.push('error');
    failed.dispatchEvent(new Event('error'));
    expect(failed.isConnected).toBe(false);
    const again = document.querySelectorAll<HTMLScriptElement>('script[src$="/shared-libraries.js"]');
    expect(again).toHaveLength(1);
    expect(told).toEqual([]);
    // The second try failing too reaches webpack (which then says the chunk failed): no third.
    again[0]!.dispatchEvent(new Event('error'));
    expect(told).toEqual(['error']);
    expect(document.querySelectorAll('script[src$="/shared-libraries.js"]')).toHaveLength(1);
  });

  it('the second try that loads tells webpack it loaded', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = `<script id="waited" async src="/shop-vendors.js"></script>`;
    const told: string[] = [];
    (byId('waited') as HTMLScriptElement).onload = () => told.push('load');
    (byId('waited') as HTMLScriptElement).onerror = () => told.push('error');
    byId('waited').dispatchEvent(new Event('error'));
    document.querySelector('script[src$="/shop-vendors.js"]')!.dispatchEvent(new Event('load'));
    expect(told).toEqual(['load']);
  });
});
