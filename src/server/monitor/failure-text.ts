import type { CheckSettings } from '#shared/schemas/service-check';

/**
 * A check's failure as a viewer may read it. A failed condition quotes the condition the administrator typed
 * (`[BODY].token == s3cret (was ...)`), and conditions are check settings, which only administrators see: others
 * read which condition failed, not its text. Connection errors and the schemes' default conditions are shown as
 * they are.
 */
export function failureFor(failure: string | null, check: CheckSettings | null, admin: boolean): string | null {
  if (failure === null || admin) return failure;
  const conditions = check?.conditions ?? [];
  const index = conditions.findIndex((condition) => failure.startsWith(`${condition} (was `));
  return index < 0 ? failure : `Condition ${index + 1} of ${conditions.length} failed`;
}
