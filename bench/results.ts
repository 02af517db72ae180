import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One measured figure, as the README performance table shows it. */
export interface Figure {
  /** Stable key the table is built from, e.g. "api.br.rps". */
  key: string;
  /** What a reader sees, e.g. "GET /api/services, 1,000 services, 10 clients: requests/s". */
  label: string;
  value: number;
  unit: string;
  /** The goal for this figure, as text, e.g. "≥ 1,000" or "≤ 50 MiB". */
  goal?: string;
}

/** Whose figures these are: ours, or Uptime Kuma's measured by the same method. */
export type Subject = 'homelab-dashboard' | 'uptime-kuma';

export interface BenchResult {
  bench: string;
  subject: Subject;
  measuredAt: string;
  machine: string;
  /** One or two sentences: what was run and how, so the figure can be repeated. */
  method: string;
  /** The command that produced it. */
  command: string;
  figures: Figure[];
}

const RESULTS_DIR = path.join(import.meta.dirname, 'results');

/** A short description of this machine (cores, CPU model, memory), printed beside every result. */
export function machineDescription(): string {
  const cpus = os.cpus();
  return `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}`;
}

/**
 * Writes a benchmark's figures to bench/results/<subject>/<bench>.json (committed), from which
 * `npm run bench:table` builds README's performance table. Benchmarks call it after printing their figures;
 * a smoke run (a shortened run that only proves the benchmark works) must not call it.
 */
export function recordResult(result: Omit<BenchResult, 'measuredAt' | 'machine'>): void {
  const dir = path.join(RESULTS_DIR, result.subject);
  fs.mkdirSync(dir, { recursive: true });
  const full: BenchResult = { ...result, measuredAt: new Date().toISOString(), machine: machineDescription() };
  fs.writeFileSync(path.join(dir, `${result.bench}.json`), `${JSON.stringify(full, null, 2)}\n`);
}

/** Every recorded result, for the table generator. */
export function readResults(): BenchResult[] {
  if (!fs.existsSync(RESULTS_DIR)) return [];
  return fs
    .readdirSync(RESULTS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8')) as BenchResult);
}
