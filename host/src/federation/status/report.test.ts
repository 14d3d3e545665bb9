import { createReporter, reportBatches } from './report';
import type { FailureRecord, LoadRecord, VitalRecord } from './loadRecords';

const context = { pageLoad: 'p-1', hostBuild: '0.1.0+abc' };
const load = (n: number): LoadRecord => ({
  kind: 'load',
  page: '/cart',
  remote: 'cart',
  module: 'cart/CartPage',
  url: `https://cdn.example.com/cart/${n}/mf-manifest.json`,
  build: `0.1.${n}`,
  fallback: false,
  chunks: [],
  total: n,
});
const failure: FailureRecord = {
  kind: 'failure',
  page: '/cart',
  remote: 'cart',
  module: 'cart/CartPage',
  url: 'https://cdn.example.com/cart/9/mf-manifest.json',
  reason: 'http-error',
  error: 'answered HTTP 404',
};
const vital = (name: VitalRecord['name'], value: number): VitalRecord => ({
  kind: 'vital',
  page: '/cart',
  name,
  value,
  rating: 'good',
  area: 'cart/CartPage',
  remote: 'cart',
});

describe('report batches', () => {
  it('puts every record in one batch when it fits, with the page load and host build', () => {
    const [only, ...rest] = reportBatches([load(1), failure], context);
    expect(rest).toEqual([]);
    expect(JSON.parse(only!)).toEqual({ ...context, records: [load(1), failure] });
  });

  it('splits into batches under the size limit, in order, losing nothing', () => {
    const records = Array.from({ length: 40 }, (_, n) => load(n));
    const batches = reportBatches(records, context, 1_000);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(new TextEncoder().encode(batch).length).toBeLessThanOrEqual(1_000);
    expect(batches.flatMap((batch) => (JSON.parse(batch) as { records: LoadRecord[] }).records)).toEqual(records);
  });

  it('drops a record that cannot fit any batch, and sends nothing for nothing', () => {
    const huge = { ...failure, error: 'x'.repeat(2_000) };
    expect(reportBatches([huge], context, 1_000)).toEqual([]);
    expect(reportBatches([], context)).toEqual([]);
  });
});

describe('reporter', () => {
  it('sends what was added since the last flush, a vital with its latest value only', () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    const reporter = createReporter('https://rum.example.com/maison', context, (url, body) => {
      sent.push({ url, body: JSON.parse(body) });
      return true;
    });
    reporter.add(load(1));
    reporter.add(vital('LCP', 900));
    reporter.add(vital('LCP', 1200));
    reporter.add(vital('INP', 40));
    reporter.flush();
    reporter.flush();
    reporter.add(failure);
    reporter.flush();
    expect(sent).toEqual([
      { url: 'https://rum.example.com/maison', body: { ...context, records: [load(1), vital('LCP', 1200), vital('INP', 40)] } },
      { url: 'https://rum.example.com/maison', body: { ...context, records: [failure] } },
    ]);
  });
});
