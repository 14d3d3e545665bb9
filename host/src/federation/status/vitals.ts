import { AREA_ATTRIBUTE } from '../moduleIds';
import type { VitalRecord } from './loadRecords';

/** The area that holds a node: the remote module id of the nearest remote area around it, or 'host'. */
export function areaOf(node: Node): string {
  const element = node instanceof Element ? node : node.parentElement;
  return element?.closest(`[${AREA_ATTRIBUTE}]`)?.getAttribute(AREA_ATTRIBUTE) ?? 'host';
}

/** The remote an area belongs to (`catalog` for `catalog/ProductListPage`), or 'host'. */
export const remoteOfArea = (area: string) => area.split('/')[0]!;

/** Reports each new LCP, INP and CLS value with the area holding its element ('unknown' once gone). */
export async function observeVitals(onVital: (record: Omit<VitalRecord, 'page'>) => void): Promise<void> {
  const { onLCP, onINP, onCLS } = await import(/* webpackChunkName: "web-vitals" */ 'web-vitals/attribution');
  const options = { reportAllChanges: true, generateTarget: (node: Node | null) => (node ? areaOf(node) : undefined) };
  const report = (name: VitalRecord['name'], value: number, rating: VitalRecord['rating'], target: string | undefined) => {
    const area = target && (target === 'host' || target.includes('/')) ? target : 'unknown';
    onVital({ kind: 'vital', name, value, rating, area, remote: remoteOfArea(area) });
  };
  onLCP((metric) => report('LCP', Math.round(metric.value), metric.rating, metric.attribution.target), options);
  onINP((metric) => report('INP', Math.round(metric.value), metric.rating, metric.attribution.interactionTarget), options);
  // A score, mostly well below 1: whole milliseconds would make it 0.
  onCLS(
    (metric) => report('CLS', Math.round(metric.value * 10_000) / 10_000, metric.rating, metric.attribution.largestShiftTarget),
    options,
  );
}
