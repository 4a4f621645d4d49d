/**
 * What runs inside a rendered page to measure its lab Core Web Vitals: PerformanceObserver
 * entries of largest-contentful-paint, layout-shift and longtask, kept from the page's first
 * script on (long tasks are not buffered, so the observer must be there before the page's own).
 * Plain JavaScript text, not functions: a bundler's helpers in a function's source would not
 * exist inside the page.
 */

export interface ProbeReading {
  lcpMs: number | null;
  cls: number;
  tbtMs: number;
}

/**
 * Installed before the page's scripts (an init script). CLS is the largest session window of
 * shifts without recent input (gaps under 1 s, at most 5 s long).
 */
export const INSTALL_VITALS_PROBE = `(() => {
  const probe = { lcp: null, cls: 0, tasks: [], observers: [] };
  Object.defineProperty(globalThis, '__auditVitals', { value: probe, enumerable: false });
  const observe = (type, read) => {
    try {
      const observer = new PerformanceObserver((list) => read(list.getEntries()));
      observer.observe({ type, buffered: true });
      probe.observers.push([observer, read]);
    } catch {}
  };
  observe('largest-contentful-paint', (entries) => { for (const e of entries) probe.lcp = e.startTime; });
  let w = { value: 0, first: 0, last: 0 };
  observe('layout-shift', (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      if (w.value > 0 && e.startTime - w.last < 1000 && e.startTime - w.first < 5000) { w.value += e.value; w.last = e.startTime; }
      else w = { value: e.value, first: e.startTime, last: e.startTime };
      probe.cls = Math.max(probe.cls, w.value);
    }
  });
  observe('longtask', (entries) => { for (const e of entries) probe.tasks.push([e.startTime, e.duration]); });
})();`;

/**
 * Read after the page loaded, two frames on (so a shift just made is painted and reported), with
 * entries not yet handed to the observers taken too. TBT is what each long task after the first
 * contentful paint took beyond 50 ms.
 */
export const READ_VITALS_PROBE = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))).then(() => {
  const probe = globalThis.__auditVitals;
  if (!probe) return null;
  for (const [observer, read] of probe.observers) read(observer.takeRecords());
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const fcp = paint ? paint.startTime : 0;
  let tbt = 0;
  for (const [start, duration] of probe.tasks) {
    const end = start + duration;
    if (end > fcp) tbt += Math.max(0, end - Math.max(start, fcp) - 50);
  }
  return { lcpMs: probe.lcp, cls: probe.cls, tbtMs: tbt };
})`;
