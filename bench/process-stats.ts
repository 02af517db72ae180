import fs from 'node:fs';

/** User + system CPU time of a process so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of a process, in MiB (Linux: VmRSS in /proc/<pid>/status). */
export function rssMib(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D/g, '') ?? 0) / 1024;
}

/** The p-th percentile (0-100) of an ascending list; 0 for an empty one. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}
