/**
 * Calls `onChanged` when a poll's observable state differs from the previous poll's (live events): pollers
 * describe what a person would notice as a key, and repeats of the same key stay silent.
 */
export class ChangeSignal {
  #last: string | null = null;

  constructor(private readonly onChanged: (() => void) | undefined) {}

  note(key: string): void {
    if (key === this.#last) return;
    this.#last = key;
    this.onChanged?.();
  }
}
