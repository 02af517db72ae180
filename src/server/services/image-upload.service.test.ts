import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '#shared/messages';
import { testChild } from '../../../tests/helpers/test-children.ts';
import { AppError } from './app-error.ts';
import { ImageUploadService } from './image-upload.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-upload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A 1 x 1 PNG, spelled out so that this test process never loads sharp itself.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const noAddresses = () => false;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

// Each test forks a child under tsx: seconds on a loaded machine, more than the 5 s default.
const CHILD_TEST_TIMEOUT_MS = 30_000;

describe('ImageUploadService', { timeout: CHILD_TEST_TIMEOUT_MS }, () => {
  it('decodes in a child process: libvips is never loaded into this one', async () => {
    const service = new ImageUploadService(dir, noAddresses);
    const stored = await service.fromBuffer(PNG, 'site');
    expect(stored.url).toMatch(/^\/uploads\/site\/[0-9a-f]{32}\.png$/);
    expect(stored.largeUrl).toBe(stored.url.replace('.png', '-large.png'));
    expect(fs.readFileSync(path.join(dir, stored.url.slice('/uploads/'.length))).subarray(0, 4)).toEqual(
      PNG.subarray(0, 4),
    );
    expect(fs.readFileSync('/proc/self/maps', 'utf8')).not.toMatch(/libvips/);
  });

  it('kills a decoder that takes too long and answers 400 with a message', async () => {
    const service = new ImageUploadService(dir, noAddresses, { entry: testChild('hang-child'), timeoutMs: 300 });
    const error = await refusal(service.fromBuffer(PNG, 'service'));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe(UPLOAD_MSG.decodeTimedOut);
    expect(error.extra).toEqual({ error: UPLOAD_MSG.undecodable });
  });

  it('answers 400 with a message when the decoder dies (out of memory)', async () => {
    const crashing = new ImageUploadService(dir, noAddresses, { entry: testChild('crash-child') });
    const error = await refusal(crashing.fromBuffer(PNG, 'service'));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe(UPLOAD_MSG.decoderStopped);
    expect(error.extra).toEqual({ error: UPLOAD_MSG.undecodable });
  });
});
