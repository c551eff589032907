import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { type ReactNode, useEffect, useRef } from "react";

// Chart.js, loaded only with the insights page (its own chunk): bars and lines on category and
// linear axes, nothing else registered, so the chunk carries only what the page draws.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** Colours of the site's palette, each at least 3:1 against the white of a card. */
export const SERIES_COLOURS = {
  rose: "#b3325c",
  dusk: "#3d3361",
  moss: "#2f6b4f",
  amber: "#9a6400",
} as const;

Chart.defaults.font.family = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
Chart.defaults.color = "#4a4360";
Chart.defaults.borderColor = "#e4dbcf";
// The figures are drawn once; nothing moves (which also spares those who asked for less motion).
Chart.defaults.animation = false;

/**
 * One chart in a card: a heading, the canvas (an image to a screen reader, `summary` its words),
 * and the same figures as a table under "Show the numbers". `empty`: a sentence instead of an
 * empty chart and its table of zeros.
 */
export function ChartCard({
  title,
  description,
  summary,
  config,
  table,
  empty,
  height = "h-64",
}: {
  title: string;
  description?: ReactNode;
  summary: string;
  config: ChartConfiguration;
  table: ReactNode;
  empty?: string | null;
  height?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || empty) return;
    const chart = new Chart(canvas.current, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config, empty]);
  return (
    <section className="card">
      <h2 className="text-xl font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-ink-soft">{description}</p>}
      {empty ? (
        <p className="mt-4 text-sm">{empty}</p>
      ) : (
        <div className={`relative mt-4 ${height}`}>
          <canvas ref={canvas} role="img" aria-label={summary}>
            {summary}
          </canvas>
        </div>
      )}
      {!empty && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-semibold text-ink">Show the numbers</summary>
          <div className="mt-2">{table}</div>
        </details>
      )}
    </section>
  );
}

/** A plain table of the figures: a header row and one row per entry. */
export function NumbersTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full border-collapse text-left tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col" className="border-b border-line py-1 pr-2 font-semibold">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, index) =>
              index === 0 ? (
                <th key={head[index]} scope="row" className="py-0.5 pr-2 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={head[index]} className="py-0.5 pr-2">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
