/**
 * Waits for an in-process condition (a counter, a flag, a row): polls it on the event loop and fails with `what`
 * if it does not hold within `timeoutMs`. For synchronising on state, never for letting time pass: a test that
 * needs time to pass drives it (manual timers, a test clock) or waits for the event that proves it passed.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
