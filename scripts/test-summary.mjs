// Sums the Vitest JSON reports given as arguments and prints one line: "N passed, N failed".
// A missing or unreadable report counts as nothing, and tests of a worker that crashed are never reported;
// scripts/test.sh tracks the exit codes of the runs separately and lists failed lanes above this line.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    console.error(`test-summary: no readable report at ${file}`);
    continue;
  }
  passed += Number(report.numPassedTests ?? 0);
  failed += Number(report.numFailedTests ?? 0);
}
console.log(`${passed} passed, ${failed} failed`);
