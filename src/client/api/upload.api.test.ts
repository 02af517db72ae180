import { describe, expect, it } from 'vitest';
import { checkImageFile, readUploadResponse } from './upload.api';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('checkImageFile (SPEC section 5)', () => {
  it('accepts JPEG and PNG up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 10 })).toBeNull();
  });
  it('refuses other types and larger files with SPEC texts', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please upload a JPEG or PNG image',
    });
    expect(checkImageFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Maximum file size is 5MB',
    });
  });
});

describe('readUploadResponse (SPEC section 8)', () => {
  it('returns url, and largeUrl when present', async () => {
    await expect(readUploadResponse(json({ url: '/uploads/a.png' }))).resolves.toEqual({ url: '/uploads/a.png' });
    await expect(readUploadResponse(json({ url: '/a.png', largeUrl: '/a-large.png' }))).resolves.toEqual({
      url: '/a.png',
      largeUrl: '/a-large.png',
    });
  });
  it("uses the server's message, then its error, then the generic text", async () => {
    await expect(readUploadResponse(json({ message: 'That address cannot be fetched' }, 400))).rejects.toThrow(
      'That address cannot be fetched',
    );
    await expect(readUploadResponse(json({ error: 'File too large' }, 413))).rejects.toThrow('File too large');
    await expect(readUploadResponse(json({}, 500))).rejects.toThrow('Failed to upload image');
  });
  it('names a body that is not JSON, and an OK answer without url', async () => {
    await expect(readUploadResponse(new Response('<html>', { status: 502 }))).rejects.toThrow(
      'Server returned invalid JSON',
    );
    await expect(readUploadResponse(json({ ok: true }))).rejects.toThrow('Failed to process server response');
  });
});
