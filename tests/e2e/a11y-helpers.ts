import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from '../helpers/server-process.ts';
import { settle } from './services-helpers';

// axe-core for the browser tests: a11y.e2e.ts scans every main screen, feature files scan their own.

const AXE_SCRIPT = path.join(ROOT, 'node_modules/axe-core/axe.min.js');
/** Moderate rules the app keeps as well: they catch a page without a heading or content outside landmarks. */
const STRUCTURE_RULES = new Set(['page-has-heading-one', 'region', 'landmark-one-main', 'heading-order']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe on the page as it is now and fails with every violation that matters, one line per element. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settle(page);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> };
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const problems = (violations as AxeViolation[])
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || STRUCTURE_RULES.has(violation.id),
    )
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'none'}) ${JSON.stringify(node.target)}: ${node.failureSummary ?? violation.help}`,
      ),
    );
  expect(problems.join('\n'), screen).toBe('');
}
