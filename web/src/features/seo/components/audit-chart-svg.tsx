import { BarChart, FixedScaleAxis, LineChart, type BarDrawEvent } from 'chartist';
import { useEffect, useRef } from 'react';
import '@/components/charts/chart-axes.css';
import './audit-chart.css';

export interface ChartPoint {
  label: string;
  value: number;
  /** A tone for this bar (an HTTP status class, a score band); the accent otherwise. */
  tone?: 'accent' | 'success' | 'warning' | 'danger' | 'info' | 'neutral';
}

/** Fewest pixels between two labels under the chart. */
const LABEL_SPACING = 64;

/**
 * The audit's bars (statuses, depths, response times) and the Health Score's line, drawn by
 * chartist into a div React leaves alone; the figure around it carries the words and the table.
 */
export default function AuditChartSvg({ kind, points }: { kind: 'bar' | 'line'; points: ChartPoint[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const labels = points.map((p) => p.label);
    const last = labels.length - 1;
    const axisX = {
      showGrid: false,
      offset: 28,
      // Read at every redraw (chartist redraws on resize), so a narrow card labels fewer points.
      labelInterpolationFnc: (label: string | number, index: number) => {
        const step = Math.max(1, Math.ceil(LABEL_SPACING / Math.max(1, node.clientWidth / labels.length)));
        return (kind === 'line' ? last - index : index) % step === 0 ? label : null;
      },
    };
    const axisY = { onlyInteger: true, offset: 36, scaleMinSpace: 32, labelOffset: { x: 0, y: 6 } };
    const chart =
      kind === 'line'
        ? new LineChart(
            node,
            { labels, series: [points.map((p) => p.value)] },
            {
              low: 0,
              high: 100,
              fullWidth: true,
              showArea: true,
              chartPadding: { top: 16, right: 32, bottom: 4, left: 4 },
              axisX,
              // The Health Score's ranges (spec 02 §9) as the grid lines.
              axisY: { ...axisY, type: FixedScaleAxis, ticks: [0, 40, 70, 80, 90, 100] },
            },
          )
        : new BarChart(
            node,
            { labels, series: [points.map((p) => p.value)] },
            {
              low: 0,
              high: Math.max(4, ...points.map((p) => p.value)),
              chartPadding: { top: 16, right: 4, bottom: 4, left: 0 },
              axisX,
              axisY,
            },
          );
    chart.on('draw', (event: { type: string }) => {
      if (event.type !== 'bar') return;
      const bar = event as BarDrawEvent;
      const slot = bar.chartRect.width() / Math.max(1, points.length);
      bar.element.attr({ style: `stroke-width: ${Math.round(Math.max(6, Math.min(40, slot * 0.6)))}px` });
      bar.element.addClass(`audit-tone--${points[bar.index]?.tone ?? 'accent'}`);
      const point = points[bar.index];
      if (point) bar.element.elem('title').text(`${point.label}: ${point.value.toLocaleString('en-US')}`);
    });
    return () => {
      chart.detach();
      node.replaceChildren();
    };
  }, [kind, points]);
  return <div ref={host} className={`chart audit-chart audit-chart--${kind}`} aria-hidden />;
}
