/**
 * The benches' common result format. Each bench prints its own detail and records its headline rows with
 * `record()`: a measure, the figure, the goal and whether the goal was met. `npm run bench` (bench/run-all.ts)
 * runs every bench and prints all recorded rows at the end, one table, each figure beside its goal.
 * Rows go to artifacts/bench/<bench>.json (one file per bench, rewritten on each run).
 */
import fs from 'node:fs'
import path from 'node:path'

export interface BenchRow {
  /** what was measured, e.g. 'search, every query new, at 1000 req/s: p99' */
  measure: string
  /** the figure with its unit, e.g. '18 ms' */
  figure: string
  /** the goal with its comparison, e.g. '<= 25 ms'; '' when the row is context (a control, a note) */
  goal: string
  /** true/false when there is a goal; null for context rows */
  met: boolean | null
}

export const BENCH_DIR = path.resolve(__dirname, '..', 'artifacts', 'bench')

/** Records `rows` as the result of bench `name` (replacing an earlier run's). */
export function record(name: string, rows: BenchRow[]): void {
  fs.mkdirSync(BENCH_DIR, { recursive: true })
  fs.writeFileSync(
    path.join(BENCH_DIR, `${name}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), rows }, null, 2),
  )
}

/** A row whose goal is "at most `goal`" (lower is better). */
export function atMost(measure: string, value: number, goal: number, unit: string, digits = 0): BenchRow {
  return { measure, figure: `${value.toFixed(digits)} ${unit}`, goal: `<= ${goal} ${unit}`, met: value <= goal }
}

/** A row whose goal is "at least `goal`" (higher is better). */
export function atLeast(measure: string, value: number, goal: number, unit: string, digits = 0): BenchRow {
  return { measure, figure: `${value.toFixed(digits)} ${unit}`, goal: `>= ${goal} ${unit}`, met: value >= goal }
}

/** A context row: a figure printed for comparison, with no goal. */
export function context(measure: string, figure: string): BenchRow {
  return { measure, figure, goal: '', met: null }
}

/** The median of some numbers (the benches report the median of their runs). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Prints rows as a table: measure | figure | goal | met. */
export function printTable(title: string, rows: BenchRow[]): void {
  const w = Math.max(7, ...rows.map((r) => r.measure.length))
  const f = Math.max(6, ...rows.map((r) => r.figure.length))
  const g = Math.max(4, ...rows.map((r) => r.goal.length))
  console.log(`\n${title}\n`)
  console.log(`${'measure'.padEnd(w)} | ${'figure'.padStart(f)} | ${'goal'.padEnd(g)} | met`)
  console.log(`${'-'.repeat(w)}-|-${'-'.repeat(f)}-|-${'-'.repeat(g)}-|----`)
  for (const r of rows)
    console.log(
      `${r.measure.padEnd(w)} | ${r.figure.padStart(f)} | ${r.goal.padEnd(g)} | ${r.met === null ? '' : r.met ? 'yes' : 'NO'}`,
    )
}
