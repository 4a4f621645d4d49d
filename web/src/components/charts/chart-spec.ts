/**
 * What a chart draws, as plain data: the page says what its lines or bars are, the one chart
 * component turns it into chartist's options. Nothing here imports chartist, so a page can build
 * its chart's figures without loading it.
 */

/** One line, or one bar per label (stacked on the others' when the chart stacks). */
interface ChartSeries {
  /** Its class, which gives its colour. */
  className?: string;
  /** One value per label; null draws nothing there: a gap in the line, no bar. */
  values: readonly (number | null)[];
  /** A tooltip per value, on its point or bar. */
  titles?: readonly (string | undefined)[];
  /** A class per bar beside the series' own (a tone). */
  barClassNames?: readonly (string | undefined)[];
}

/** The value axis. */
export type ValueAxis =
  /** Counts around the values (followers): nice steps, each label distinct, room for '12,500'. */
  | { scale: 'counts' }
  /** These ticks as the grid lines, the first and the last its ends (the Health Score's ranges). */
  | { scale: 'ticks'; ticks: readonly number[]; width: number }
  /** Whole numbers from 0 to the highest value (a stack's highest total), at least `minHigh`. */
  | { scale: 'from-zero'; minHigh: number; tickSpacing: number; width: number };

interface Drawing {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Classes beside `chart`: its colours and its height. */
  className: string;
  /** Fewest pixels between two labels under the chart; a narrow one labels fewer. */
  labelSpacing: number;
  /** The label thinning always keeps: the first, or the last (today, the newest audit). */
  keepLabel: 'first' | 'last';
  valueAxis: ValueAxis;
}

export interface LineDrawing extends Drawing {
  kind: 'line';
  /** The area under the line filled. */
  area: boolean;
  /** Dots on the line only while a label has this many pixels; always without it. */
  pointSpacing?: number;
  /**
   * Each label under the chart this wide, centred on its point and held inside the chart (a date
   * and time); `labelSpacing` is then the gap between two.
   */
  centredLabelWidth?: number;
}

export interface BarDrawing extends Drawing {
  kind: 'bar';
  stacked?: boolean;
  /** The widest a bar gets: 60% of its slot otherwise, never under 6 px. */
  maxBarWidth: number;
  /** Rounded rectangles whose edge parts a stack's segments, rather than chartist's plain strokes. */
  rounded?: boolean;
}

export type ChartDrawing = LineDrawing | BarDrawing;
