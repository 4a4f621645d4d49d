import {
  BarChart,
  FixedScaleAxis,
  LineChart,
  Svg,
  type BarDrawEvent,
  type LabelDrawEvent,
  type PointDrawEvent,
} from 'chartist';
import { useEffect, useRef } from 'react';
import { niceTicks, tickLabels } from './axis-ticks';
import type { BarDrawing, ChartDrawing, LineDrawing, ValueAxis } from './chart-spec';
import './chart-axes.css';
import './chart-accent.css';

/** Room at the top for the highest label, on the right for a line's last date, centred under its day. */
const LINE_PADDING = { top: 16, right: 32, bottom: 4, left: 4 };
const BAR_PADDING = { top: 16, right: 4, bottom: 4, left: 0 };
/** The axis numbers' boxes end at their grid line; 6 px down centres the number on it. */
const LABEL_OFFSET = { x: 0, y: 6 };
/** A counts axis has room for a full count ('12,500'): compact labels are only for the large ones. */
const COUNTS_AXIS_WIDTH = 56;
/** Fewest pixels between two labels of a counts axis. */
const COUNTS_TICK_SPACING = 44;
const fullCount = new Intl.NumberFormat('en-US');

const known = (drawing: ChartDrawing) =>
  drawing.series.flatMap(({ values }) => values.filter((v): v is number => v !== null));

/** The highest a bar reaches: its value, or the total of its stack. */
function highest(drawing: ChartDrawing) {
  if (drawing.kind !== 'bar' || !drawing.stacked) return Math.max(...known(drawing));
  return Math.max(
    ...drawing.labels.map((_, i) => drawing.series.reduce((sum, { values }) => sum + (values[i] ?? 0), 0)),
  );
}

const axisWidth = (axis: ValueAxis) => (axis.scale === 'counts' ? COUNTS_AXIS_WIDTH : axis.width);

/** chartist's value axis, and the chart's low and high where the axis takes them from the chart. */
function valueAxis(drawing: ChartDrawing, height: number) {
  const axis = drawing.valueAxis;
  if (axis.scale === 'counts') {
    // Nice steps, each labelled distinctly: a flat line sits inside a small range, not on the floor.
    const values = known(drawing);
    const ticks = niceTicks(Math.min(...values), Math.max(...values), (height || 300) / COUNTS_TICK_SPACING);
    const labelOf = new Map(tickLabels(ticks).map((label, i) => [ticks[i], label]));
    return {
      axisY: {
        type: FixedScaleAxis,
        ticks,
        low: ticks[0],
        high: ticks.at(-1),
        offset: COUNTS_AXIS_WIDTH,
        labelOffset: LABEL_OFFSET,
        labelInterpolationFnc: (value: string | number) =>
          labelOf.get(Number(value)) ?? fullCount.format(Number(value)),
      },
    };
  }
  if (axis.scale === 'ticks') {
    // A fixed scale reads its ends from the axis, not the chart: without them it spans the values
    // alone, and ticks outside them fall off the chart.
    const ticks = [...axis.ticks];
    return {
      axisY: {
        type: FixedScaleAxis,
        ticks,
        low: ticks[0],
        high: ticks.at(-1),
        offset: axis.width,
        labelOffset: LABEL_OFFSET,
      },
    };
  }
  return {
    low: 0,
    high: Math.max(axis.minHigh, highest(drawing)),
    axisY: { onlyInteger: true, offset: axis.width, scaleMinSpace: axis.tickSpacing, labelOffset: LABEL_OFFSET },
  };
}

/** The labels under the chart, thinned from the kept end to what its width has room for. */
function labelAxis(drawing: ChartDrawing, node: HTMLElement) {
  const count = drawing.labels.length;
  const last = count - 1;
  const centred = drawing.kind === 'line' ? drawing.centredLabelWidth : undefined;
  return {
    showGrid: false,
    offset: 28,
    // Read at every redraw (chartist redraws on resize), so a narrow card labels fewer.
    labelInterpolationFnc: (label: string | number, index: number) => {
      const slot =
        centred === undefined
          ? Math.max(1, node.clientWidth / count)
          : Math.max(1, node.clientWidth - axisWidth(drawing.valueAxis) - LINE_PADDING.left - LINE_PADDING.right) /
            Math.max(1, last);
      const step = Math.max(1, Math.ceil(((centred ?? 0) + drawing.labelSpacing) / slot));
      return (drawing.keepLabel === 'last' ? last - index : index) % step === 0 ? label : null;
    },
  };
}

function lineChart(node: HTMLElement, drawing: LineDrawing) {
  const count = drawing.labels.length;
  const chart = new LineChart(
    node,
    {
      labels: [...drawing.labels],
      series: drawing.series.map(({ className, values }) => ({ className, data: [...values] })),
    },
    {
      // Gaps stay gaps (chartist's smoothing leaves holes unfilled): a day without figures is not drawn.
      showPoint: drawing.pointSpacing === undefined || node.clientWidth / count >= drawing.pointSpacing,
      showArea: drawing.area,
      fullWidth: true,
      chartPadding: LINE_PADDING,
      axisX: labelAxis(drawing, node),
      ...valueAxis(drawing, node.clientHeight),
    },
  );
  chart.on('draw', (event: { type: string }) => {
    if (event.type === 'label' && drawing.centredLabelWidth !== undefined) {
      centreLabel(event as LabelDrawEvent, node.clientWidth, drawing.centredLabelWidth);
    }
    if (event.type !== 'point') return;
    const point = event as PointDrawEvent;
    const title = drawing.series[point.seriesIndex]?.titles?.[point.index];
    if (title) point.element.elem('title').text(title);
  });
  return chart;
}

function barChart(node: HTMLElement, drawing: BarDrawing) {
  const count = Math.max(1, drawing.labels.length);
  const chart = new BarChart(
    node,
    {
      labels: [...drawing.labels],
      series: drawing.series.map(({ className, values }) => ({ className, data: [...values] })),
    },
    {
      stackBars: drawing.stacked ?? false,
      chartPadding: BAR_PADDING,
      axisX: labelAxis(drawing, node),
      ...valueAxis(drawing, node.clientHeight),
    },
  );
  chart.on('draw', (event: { type: string }) => {
    if (event.type !== 'bar') return;
    const bar = event as BarDrawEvent;
    const series = drawing.series[bar.seriesIndex];
    const title = series?.titles?.[bar.index];
    const tone = series?.barClassNames?.[bar.index];
    const width = Math.max(6, Math.min(drawing.maxBarWidth, (bar.chartRect.width() / count) * 0.6));
    if (drawing.rounded) {
      // chartist draws a bar as a line: a rectangle rounds its corners and takes an edge.
      const rect = new Svg(
        'rect',
        {
          x: bar.x1 - width / 2,
          y: Math.min(bar.y1, bar.y2),
          width,
          height: Math.abs(bar.y1 - bar.y2),
          rx: 3,
        },
        tone ? `ct-bar ${tone}` : 'ct-bar',
      );
      if (title) rect.elem('title').text(title);
      bar.element.replace(rect);
      return;
    }
    bar.element.attr({ style: `stroke-width: ${Math.round(width)}px` });
    if (tone) bar.element.addClass(tone);
    if (title) bar.element.elem('title').text(title);
  });
  return chart;
}

/**
 * chartist boxes a label from its point to the next one, which puts a date between two points and
 * the last one past the chart's edge: each label is centred on its point instead, held inside the
 * chart.
 */
function centreLabel(label: LabelDrawEvent, chartWidth: number, width: number) {
  if (label.axis.units.pos !== 'x') return;
  const x = Math.max(0, Math.min(label.x - width / 2, chartWidth - width));
  label.element.attr({ x, width });
  const box = label.element.getNode().firstElementChild;
  if (box instanceof HTMLElement) box.style.width = `${width}px`;
}

/**
 * A chart drawn by chartist into a div React leaves alone, loaded with the first chart shown. The
 * drawing is plain data, so it is compared by value: a page that builds it anew at each render
 * does not redraw an unchanged chart.
 */
export default function ChartDrawingView({ drawing }: { drawing: ChartDrawing }) {
  const host = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(drawing);
  useEffect(() => {
    const node = host.current;
    if (!node) return;
    const current = JSON.parse(key) as ChartDrawing;
    const chart = current.kind === 'line' ? lineChart(node, current) : barChart(node, current);
    return () => {
      chart.detach();
      node.replaceChildren();
    };
  }, [key]);
  return <div ref={host} className={`chart ${drawing.className}`} aria-hidden />;
}
