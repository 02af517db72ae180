import { findChildEntry, type ChildEntry } from '../../src/server/lib/child-process.ts';

/** A test child from tests/helpers/children (echo-child, crash-child, hang-child, env-child), forked under tsx. */
export function testChild(name: string): ChildEntry {
  const entry = findChildEntry(import.meta.url, `children/${name}`);
  if (!entry) throw new Error(`no test child ${name}`);
  return entry;
}
