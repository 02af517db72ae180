import type { MessageWire } from '#shared/schemas/common';

/** The answer of an action that returns no entity: one of the shared SPEC messages, never data from a row. */
export function presentMessage(message: string): MessageWire {
  return { message };
}
