import { expect } from 'vitest';
import type { TestClient, TestResponse } from './http-client.ts';

/**
 * Keeps every answer a test reads, so that one check at the end covers them all: no answer body carries a secret
 * (a Plex token, a Jellyfin API key), whatever the route or the caller.
 */
export class RecordedAnswers {
  readonly #answers: TestResponse<unknown>[] = [];

  async request<T>(client: TestClient, method: string, path: string, body?: unknown): Promise<TestResponse<T>> {
    return this.keep(await client.request<T>(method, path, body === undefined ? {} : { body }));
  }

  get<T>(client: TestClient, path: string): Promise<TestResponse<T>> {
    return this.request<T>(client, 'GET', path);
  }

  keep<T>(response: TestResponse<T>): TestResponse<T> {
    this.#answers.push(response);
    return response;
  }

  /** Fails when any kept answer contains one of the secrets. */
  expectNoneContain(...secrets: string[]): void {
    expect(this.#answers.length).toBeGreaterThan(0);
    for (const answer of this.#answers) for (const secret of secrets) expect(answer.text).not.toContain(secret);
  }
}
