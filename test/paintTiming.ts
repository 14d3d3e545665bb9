/**
 * For jsdom tests of code that waits for paints (host/src/boot/): jsdom paints nothing, so frames
 * are made by hand, and a browser's paint reports (PerformanceObserver) come when a test says.
 */
export function handMadeFrames() {
  let callbacks: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => callbacks.push(callback));
  return {
    /** Runs the callbacks of the next frame (those requested in it wait for the one after). */
    next() {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback(performance.now());
    },
  };
}

type Report = { name?: string; element?: Element };

/** A browser that reports `types` of paint; returns what reports one to whoever observes it. */
export function paintReports(types: string[]) {
  const observers: Array<{ type: string; callback: PerformanceObserverCallback }> = [];
  class ReportingObserver {
    static supportedEntryTypes = types;
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe({ type }: { type: string }) {
      observers.push({ type, callback: this.callback });
    }
  }
  Object.assign(globalThis, { PerformanceObserver: ReportingObserver });
  return {
    observed: (type: string) => observers.some((observer) => observer.type === type),
    report(type: string, entries: Report[]) {
      const list = {
        getEntries: () => entries,
        getEntriesByName: (name: string) => entries.filter((entry) => entry.name === name),
      } as unknown as PerformanceObserverEntryList;
      for (const observer of observers) if (observer.type === type) observer.callback(list, observer as unknown as PerformanceObserver);
    },
  };
}

export function noPaintReports() {
  delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
}
