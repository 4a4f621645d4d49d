import { PLATFORM_LABELS } from '@shared/platforms';
import { Interpolation, LineChart, type PointDrawEvent } from 'chartist';
import { useEffect, useRef } from 'react';
import { formatCount } from '@/lib/report-figures';
import { formatDay, type ReportSummary } from '../report-data';
import '@/components/charts/chart-axes.css';
import './followers-chart.css';

/** Fewest pixels between two date labels; they count back from the last day. */
const LABEL_SPACING = 64;
/** Dots on the line only while there is room for them: at least this many pixels a day. */
const MIN_POINT_SPACING = 18;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Total followers by date, one line per platform, drawn by chartist into a div React leaves alone
 * (loaded with this chunk only). The picture is decorative for assistive technology: its
 * container carries the text alternative and the numbers are a table beside it.
 */
export default function FollowersChart({ summary }: { summary: ReportSummary }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const { days } = summary;
    const last = days.length - 1;
    const labels = days.map((day) => formatDay(day, 'd MMM'));
    const series = summary.followers.map(({ platform, values }) => ({
      name: platform,
      className: `followers-chart__series--${platform}`,
      data: values,
    }));
    const known = summary.followers.flatMap(({ values }) => values.filter((v): v is number => v !== null));
    const low = Math.min(...known);
    const high = Math.max(...known);
    // A flat line sits in the middle of a small range rather than on the floor.
    const pad = high === low ? Math.max(1, Math.ceil(high * 0.05)) : 0;
    const chart = new LineChart(
      node,
      { labels, series },
      {
        low: Math.max(0, low - pad),
        high: high + pad,
        showPoint: node.clientWidth / days.length >= MIN_POINT_SPACING,
        showArea: summary.followers.length === 1,
        // Gaps stay gaps: a day without figures is not drawn as if it had some.
        lineSmooth: Interpolation.monotoneCubic({ fillHoles: false }),
        fullWidth: true,
        // Room on the right for the last date, centred under the last day.
        chartPadding: { top: 16, right: 32, bottom: 4, left: 4 },
        axisX: {
          showGrid: false,
          offset: 28,
          // Read at every redraw (chartist redraws on resize), so a narrow card labels fewer days.
          labelInterpolationFnc: (label, index) => {
            const step = Math.max(1, Math.ceil(LABEL_SPACING / Math.max(1, node.clientWidth / days.length)));
            return (last - index) % step === 0 ? label : null;
          },
        },
        axisY: {
          onlyInteger: true,
          offset: 44,
          scaleMinSpace: 44,
          labelOffset: { x: 0, y: 6 },
          labelInterpolationFnc: (value) => compact.format(Number(value)),
        },
      },
    );
    chart.on('draw', (event: { type: string }) => {
      if (event.type !== 'point') return;
      const point = event as PointDrawEvent;
      const line = summary.followers[point.seriesIndex];
      const day = days[point.index];
      const value = line?.values[point.index];
      if (!line || !day || value === null || value === undefined) return;
      const platform = line.platform;
      point.element
        .elem('title')
        .text(`${PLATFORM_LABELS[platform]}, ${formatDay(day, 'EEE d MMM')}: ${formatCount(value)}`);
    });
    return () => {
      chart.detach();
      node.replaceChildren();
    };
  }, [summary]);
  return <div ref={host} className="chart followers-chart" aria-hidden />;
}
