/**
 * npm run build && npm run bench:kuma -- [--part=server|dashboard] [--subject=both|kuma|ours] [--monitors=1000]
 *   [--window=240] [--smoke]
 *
 * Uptime Kuma beside this server, measured by the same code (measure.ts) on the same local keep-alive target,
 * one after the other: Uptime Kuma 2.0.0-dev.0 installed from npm into ~/.cache/homelab-bench/kuma (install.ts;
 * the first run builds its SQLite driver, minutes), and ours built and started as `npm start` runs it. For each:
 * a fresh data folder and idle RSS; the first account and N HTTP monitors at 20 s (Kuma: socket.io "setup",
 * "login", "add"; ours: POST /api/register, /api/services); a clean restart and the time until every monitor is
 * checked again; then, one interval later, a window of whole intervals: CPU per check, peak RSS, database bytes
 * per check. Records bench/results/<subject>/server.json for `npm run bench:table`; `--smoke` (20 monitors, one
 * interval) only proves the harness works and records nothing. See bench/kuma/README.md.
 */
import { recordResult, type Figure } from '../results.ts';
import { homelabSubject } from './homelab-subject.ts';
import { measureKumaDashboard } from './kuma-dashboard.ts';
import { kumaSubject } from './kuma-subject.ts';
import { measureServer, type MeasureOptions, type ServerFigures } from './measure.ts';
import type { BenchSubject } from './subject.ts';
import { startCountingTarget, type CountingTarget } from './target.ts';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string, fallback: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const smoke = args.includes('--smoke');
const which = option('subject', 'both');
const part = option('part', 'server');
const INTERVAL_SECONDS = 20;
const options: MeasureOptions = {
  monitors: smoke ? 20 : Number(option('monitors', '1000')),
  intervalSeconds: INTERVAL_SECONDS,
  windowSeconds: smoke ? INTERVAL_SECONDS : Number(option('window', '240')),
  // Kuma starts its monitors one by one, 0.3-1 s apart: some 11 minutes for 1,000.
  catchUpTimeoutMs: 30 * 60_000,
};

function figures(result: ServerFigures, monitors: number): Figure[] {
  const n = monitors.toLocaleString('en-US');
  return [
    {
      key: 'server.idleRssMib',
      label: 'Idle server (fresh start, no account, no monitors): RSS',
      value: result.idleRssMib,
      unit: 'MiB',
      goal: '≤ 80 MiB',
    },
    {
      key: 'server.peakRssMib',
      label: `Server with ${n} HTTP monitors at 20 s: peak RSS`,
      value: result.peakRssMib,
      unit: 'MiB',
      goal: '≤ 100 MiB',
    },
    {
      key: 'server.cpuMsPerCheck',
      label: `Server with ${n} HTTP monitors at 20 s: CPU per check (all of the process)`,
      value: result.cpuMsPerCheck,
      unit: 'ms',
      goal: 'keep it (0.18 ms in the issue)',
    },
    {
      key: 'server.historyBytesPerCheck',
      label: 'Database growth per check (SQLite pages in use, indexes and rollups included)',
      value: result.historyBytesPerCheck,
      unit: 'B',
      goal: '≤ 50 B',
    },
    {
      key: 'server.restartCatchUpS',
      label: `Restart: until every one of ${n} monitors is checked again`,
      value: result.restartCatchUpSeconds,
      unit: 's',
    },
  ];
}

const subjects: Array<() => BenchSubject> = [];
if (which === 'both' || which === 'kuma') subjects.push(kumaSubject);
if (which === 'both' || which === 'ours') subjects.push(homelabSubject);
if (subjects.length === 0) throw new Error(`--subject must be both, kuma or ours, not ${which}`);

async function measureServers(target: CountingTarget): Promise<void> {
  for (const makeSubject of subjects) {
    const subject = makeSubject();
    const result = await measureServer(subject, target, options);
    if (smoke) {
      console.log(`${subject.name}: smoke run, nothing recorded`);
      continue;
    }
    recordResult({
      bench: 'server',
      subject: subject.id,
      method:
        `${subject.name} as a child process on 127.0.0.1, fresh SQLite data folder; ${options.monitors} HTTP monitors at ` +
        `${INTERVAL_SECONDS} s against a local keep-alive target that counts the requests; SIGTERM, restart, time ` +
        `until every monitor is checked; one interval later a ${options.windowSeconds} s window: /proc CPU time / ` +
        `checks, RSS sampled every 500 ms, SQLite pages in use before and after.`,
      command: `npm run build && npm run bench:kuma -- --subject=${subject.id === 'uptime-kuma' ? 'kuma' : 'ours'}`,
      figures: figures(result, options.monitors),
    });
  }
}

async function measureDashboard(target: CountingTarget): Promise<void> {
  const recorded = await measureKumaDashboard(target, options);
  for (const figure of recorded) console.log(`${figure.label}: ${figure.value.toFixed(1)} ${figure.unit}`);
  if (smoke) {
    console.log('Uptime Kuma dashboard: smoke run, nothing recorded');
    return;
  }
  recordResult({
    bench: 'dashboard',
    subject: 'uptime-kuma',
    method:
      `Uptime Kuma with ${options.monitors} HTTP monitors at ${INTERVAL_SECONDS} s, all checked at least once; ` +
      'three cold loads of /dashboard, signed in, in Chromium 1280x800 (playwright-core); medians. Cards are the ' +
      "entries of its monitor list; JS is the .js resources' transfer size; heap is performance.memory.",
    command: 'npm run bench:kuma -- --part=dashboard',
    figures: recorded,
  });
}

const target = await startCountingTarget();
try {
  if (part === 'server') await measureServers(target);
  else if (part === 'dashboard') await measureDashboard(target);
  else throw new Error(`--part must be server or dashboard, not ${part}`);
} finally {
  target.stop();
}
