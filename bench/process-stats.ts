import fs from 'node:fs';

/** User + system CPU time of a process so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One `Name: <n> kB` field of /proc/<pid>/status, in MiB. */
function statusMib(pid: number, field: string): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.replace(/\D/g, '') ?? 0) / 1024;
}

/** Resident set size of a process, in MiB (Linux: VmRSS in /proc/<pid>/status). */
export function rssMib(pid: number): number {
  return statusMib(pid, 'VmRSS');
}

/** Highest RSS of process `pid` while `work` runs, sampled every `everyMs`, at its start and at its end. */
export async function peakDuring(pid: number, work: Promise<unknown>, everyMs = 100): Promise<number> {
  let peak = rssMib(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMib(pid));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    await work;
  } finally {
    running = false;
    await sampler;
  }
  return Math.max(peak, rssMib(pid));
}

/**
 * What the resident set is made of, in MiB: anonymous memory (the JS heap, malloc, thread stacks: what a leak
 * grows), file pages (the node binary, shared libraries, native addons: constant once loaded) and shared memory
 * (e.g. SQLite's WAL index). Tells a growing RSS that is ours from one that is mapped files.
 */
export function rssParts(pid: number): { anon: number; file: number; shmem: number } {
  return {
    anon: statusMib(pid, 'RssAnon'),
    file: statusMib(pid, 'RssFile'),
    shmem: statusMib(pid, 'RssShmem'),
  };
}

/** The p-th percentile (0-100) of an ascending list; 0 for an empty one. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * Resident size of the process's brk heap (`[heap]` in /proc/<pid>/smaps), in MiB: glibc's main malloc arena. Memory
 * freed there but not returned (holes below the top) stays in it: with a flat JS heap, a growing brk heap is native
 * memory or allocator retention, not a JS leak.
 */
export function brkHeapMib(pid: number): number {
  const lines = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.endsWith('[heap]'));
  if (start === -1) return 0;
  for (const line of lines.slice(start + 1)) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) break;
    if (line.startsWith('Rss:')) return Number(line.replace(/\D/g, '')) / 1024;
  }
  return 0;
}
