import { scaleBand, scaleLinear } from "d3-scale";
import { line, stack } from "d3-shape";
import type { ReactNode } from "react";

/**
 * The dashboard's charts, drawn as SVG while the page is rendered on the server: d3-scale and
 * d3-shape work out the geometry (band and linear scales, stacks, a line's path) and React
 * writes the elements, so a chart is in the first HTML, needs no script to show, and prints.
 * Each is one image to assistive technology (role="img", named by its title and described, aria-describedby, by
 * a sentence of what it shows); its figures are in the table beside it and its CSV
 * (docs/decisions/0020-charts-drawn-on-the-server-with-d3-scale-and-d3-shape.md).
 */

export interface Series {
  name: string;
  values: readonly number[];
}

/** Colours that keep 3:1 against white and apart from each other, in series order. */
export const SERIES_COLOURS = ["#1f5fa8", "#b35000", "#2e7d32", "#8e24aa", "#c62828", "#00727d", "#5d4037"] as const;
const colourOf = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

const WIDTH = 400;
const AXIS = { fontSize: 10, colour: "#4a5560", grid: "#d8dde3" } as const;

function Frame({
  id,
  title,
  summary,
  height,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {children}
    </svg>
  );
}

/**
 * Columns along categories (days, or bands of days), a column's series stacked, and an
 * optional target drawn across as a dashed line.
 */
export function ColumnChart({
  id,
  title,
  summary,
  categories,
  series,
  target,
  formatValue = String,
  wholeNumbers = false,
}: {
  id: string;
  title: string;
  summary: string;
  categories: readonly string[];
  series: readonly Series[];
  target?: { value: number; label: string };
  formatValue?: (value: number) => string;
  /** Counts: the axis marks whole numbers only. */
  wholeNumbers?: boolean;
}) {
  const height = 240;
  const margin = { top: 14, right: 10, bottom: 40, left: 44 };
  const x = scaleBand<number>()
    .domain(categories.map((_, i) => i))
    .range([margin.left, WIDTH - margin.right])
    .padding(categories.length > 20 ? 0.1 : 0.2);
  const rows = categories.map((_, i) => series.map((one) => one.values[i] ?? 0));
  const layers = stack<number[], number>()
    .keys(series.map((_, i) => i))
    .value((row, key) => row[key] ?? 0)(rows);
  const highest = Math.max(wholeNumbers ? 4 : 1, target?.value ?? 0, ...rows.map((row) => row.reduce((sum, value) => sum + value, 0)));
  const y = scaleLinear()
    .domain([0, highest])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const ticks = y.ticks(4).filter((tick) => !wholeNumbers || Number.isInteger(tick));
  const every = Math.max(1, Math.ceil(categories.length / 7));
  const targetPath =
    target &&
    line<number>()
      .x((_value, i) => (i === 0 ? margin.left : WIDTH - margin.right))
      .y((value) => y(value))([target.value, target.value]);
  return (
    <Frame id={id} title={title} summary={summary} height={height}>
      <g aria-hidden="true" fontSize={AXIS.fontSize} fill={AXIS.colour}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={WIDTH - margin.right} y1={y(tick)} y2={y(tick)} stroke={AXIS.grid} />
            <text x={margin.left - 4} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {categories.map((category, i) =>
          i % every === 0 ? (
            <text key={category} x={x(i)! + x.bandwidth() / 2} y={height - margin.bottom + 14} textAnchor="middle">
              {category}
            </text>
          ) : null,
        )}
      </g>
      <g aria-hidden="true">
        {layers.map((layer) => (
          <g key={layer.key} fill={colourOf(layer.key)}>
            {layer.map(([bottom, top], i) =>
              top > bottom ? <rect key={i} x={x(i)} y={y(top)} width={x.bandwidth()} height={y(bottom) - y(top)} /> : null,
            )}
          </g>
        ))}
        {target && targetPath && (
          <g>
            <path d={targetPath} stroke="#a1161d" strokeWidth={1.5} strokeDasharray="5 3" fill="none" />
            <text x={WIDTH - margin.right} y={y(target.value) - 4} textAnchor="end" fontSize={AXIS.fontSize} fill="#a1161d">
              {target.label}
            </text>
          </g>
        )}
      </g>
    </Frame>
  );
}

/** Bars across, one row per label, a bar per series in each row, its value at its end. */
export function BarChart({
  id,
  title,
  summary,
  labels,
  series,
  formatValue = String,
}: {
  id: string;
  title: string;
  summary: string;
  labels: readonly string[];
  series: readonly Series[];
  formatValue?: (value: number) => string;
}) {
  const barHeight = 12;
  const rowHeight = barHeight * series.length + 8;
  const margin = { top: 6, right: 44, bottom: 6, left: 130 };
  const height = margin.top + margin.bottom + Math.max(1, labels.length) * rowHeight;
  const y = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range([margin.top, height - margin.bottom]);
  const highest = Math.max(1, ...series.flatMap(({ values }) => values));
  const x = scaleLinear()
    .domain([0, highest])
    .range([margin.left, WIDTH - margin.right]);
  const short = (label: string) => (label.length > 24 ? `${label.slice(0, 23)}…` : label);
  return (
    <Frame id={id} title={title} summary={summary} height={height}>
      <g aria-hidden="true" fontSize={AXIS.fontSize}>
        {labels.map((label, row) => (
          <g key={label}>
            <text x={margin.left - 6} y={y(row)! + rowHeight / 2} textAnchor="end" dominantBaseline="middle" fill={AXIS.colour}>
              {short(label)}
            </text>
            {series.map((one, s) => {
              const value = one.values[row] ?? 0;
              const top = y(row)! + 4 + s * barHeight;
              return (
                <g key={one.name}>
                  <rect x={margin.left} y={top} width={Math.max(0, x(value) - margin.left)} height={barHeight - 2} fill={colourOf(s)} />
                  <text x={x(value) + 3} y={top + barHeight / 2} dominantBaseline="middle" fill={AXIS.colour}>
                    {formatValue(value)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </g>
    </Frame>
  );
}

/** The chart's colours named, for those who read the chart by sight. */
export function Legend({ names }: { names: readonly string[] }) {
  if (names.length < 2) return null;
  return (
    <ul className="chart-legend">
      {names.map((name, i) => (
        <li key={name}>
          <svg className="chart-legend__swatch" viewBox="0 0 12 12" aria-hidden="true">
            <rect width="12" height="12" fill={colourOf(i)} />
          </svg>{" "}
          {name}
        </li>
      ))}
    </ul>
  );
}
