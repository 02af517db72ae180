/**
 * npm run bench:table [-- --check]
 *
 * Rewrites README.md's performance section (between `<!-- perf-table:start -->` and `<!-- perf-table:end -->`)
 * from every result in bench/results/ (see perf-table.ts for the layout), formatted by Prettier as `npm run check`
 * expects. `--check` writes nothing and exits 1 when README.md differs from what it would write.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { renderTable, replaceSection } from './perf-table.ts';
import { readResults } from './results.ts';

const README = path.join(import.meta.dirname, '..', 'README.md');
const check = process.argv.includes('--check');

const current = fs.readFileSync(README, 'utf8');
const options = (await prettier.resolveConfig(README)) ?? {};
const next = await prettier.format(replaceSection(current, renderTable(readResults())), {
  ...options,
  filepath: README,
});

if (check) {
  if (next !== current) {
    console.error('README.md performance table is out of date: run `npm run bench:table`');
    process.exitCode = 1;
  } else console.log('README.md performance table is up to date');
} else if (next === current) console.log('README.md performance table unchanged');
else {
  fs.writeFileSync(README, next);
  console.log('README.md performance table rewritten');
}
