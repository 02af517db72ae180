import { expect } from 'vitest';
import { IntegrationError } from '../../src/server/integrations/http/json-client.ts';

/** The IntegrationError a call to an outside system rejects with (the test fails if it resolves or throws another). */
export async function integrationFailure(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}
