import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

/**
 * A bar chart drawn by Chart.js — this module is only ever imported lazily (the overview), so the
 * library never reaches other pages. The canvas is decorative for assistive technologies: the
 * caller shows the same figures as a table.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export type BarChartProps = {
  labels: string[];
  values: number[];
  /** One colour per bar, or one for all. */
  colors: string[] | string;
  /** Shown in tooltips and on the value axis. */
  formatValue?: (value: number) => string;
  horizontal?: boolean;
  /** The value axis reaches at least this (an all-zero series keeps a readable scale). */
  suggestedMax?: number;
  height?: number;
};

function themeColors() {
  const dark = document.documentElement.classList.contains('dark');
  return { text: dark ? '#cbd5e1' : '#334155', grid: dark ? 'rgba(148,163,184,0.2)' : 'rgba(100,116,139,0.2)' };
}

export function BarChart({ labels, values, colors, formatValue = String, horizontal = false, suggestedMax = 1, height = 260 }: BarChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const { text, grid } = themeColors();
    const valueAxis = { beginAtZero: true, suggestedMax, ticks: { color: text, precision: 0, callback: (value: number | string) => formatValue(Number(value)) }, grid: { color: grid } };
    const categoryAxis = { ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { display: false } };
    const chart = new Chart(canvas, {
      type: 'bar',
      data: { labels, datasets: [{ data: values, backgroundColor: colors, borderRadius: 4, maxBarThickness: 36 }] },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : { duration: 300 },
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => formatValue(Number(item.raw)) } } },
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      },
    });
    return () => chart.destroy();
  }, [labels, values, colors, formatValue, horizontal, suggestedMax]);

  return (
    <div style={{ height }} className="relative">
      <canvas ref={canvasRef} aria-hidden="true" />
    </div>
  );
}
