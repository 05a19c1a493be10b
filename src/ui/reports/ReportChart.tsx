import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";

// Only the bar chart's parts: Chart.js leaves the rest out of the bundle (decision 043).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
Chart.defaults.font.size = 13;

/** One set of bars: its legend and colour, a value per label. */
export interface ChartSeries {
  readonly label: string;
  readonly values: ReadonlyArray<number>;
  readonly colour: string;
}

/** What a chart draws: a bar (or stack of bars) per label. */
export interface ChartFigures {
  readonly labels: ReadonlyArray<string>;
  readonly series: ReadonlyArray<ChartSeries>;
  /** The series piled on one bar (sold, held, free of one departure) rather than side by side. */
  readonly stacked: boolean;
  /** Bars lying down, for long names (agencies, countries). */
  readonly horizontal: boolean;
}

/** Height of a lying chart: room for each name, within reason. */
const heightOf = (figures: ChartFigures): number | undefined =>
  figures.horizontal ? Math.min(900, Math.max(220, 28 * figures.labels.length + 70)) : undefined;

/**
 * A report's chart, drawn by Chart.js on a canvas. The canvas is an image named by `label`; its
 * numbers are the table beside it, which is what a screen reader reads. Chart.js draws on the
 * canvas only and adds no style or script element, so the strict CSP holds. Without a 2D context
 * (a browser without canvas, jsdom) nothing is drawn and the table stands alone.
 */
export function ReportChart({ label, figures }: { readonly label: string; readonly figures: ChartFigures }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = JSON.stringify(figures);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` stands for `figures`, whose identity changes with every render
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (element === null || element === undefined || context === null || context === undefined) return;
    const ink = getComputedStyle(element).color;
    const grid = "rgba(128, 128, 128, 0.25)";
    const axis = { stacked: figures.stacked, ticks: { color: ink }, grid: { color: grid } };
    // counts and dollars: no tick between whole numbers
    const values = { ...axis, beginAtZero: true, ticks: { color: ink, precision: 0 } };
    const chart = new Chart(context, {
      type: "bar",
      data: {
        labels: [...figures.labels],
        datasets: figures.series.map((series) => ({ label: series.label, data: [...series.values], backgroundColor: series.colour, maxBarThickness: 48 })),
      },
      options: {
        indexAxis: figures.horizontal ? "y" : "x",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: figures.horizontal ? { x: values, y: axis } : { x: axis, y: values },
        plugins: { legend: { display: figures.series.length > 1, labels: { color: ink } } },
      },
    });
    return () => chart.destroy();
  }, [drawn]);
  const height = heightOf(figures);
  return (
    <div className="report-chart" style={height === undefined ? undefined : { height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
