/**
 * A start-up failure the operator can fix (bad configuration, an unusable DATA_DIR, a damaged or unreachable
 * database). Its message is one line that names what is wrong and how to fix it; main.ts prints just that line,
 * without a stack trace, and exits non-zero. Any other error at start-up is a bug and keeps its stack.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
