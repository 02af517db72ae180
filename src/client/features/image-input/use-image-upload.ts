import { useState } from 'react';
import type { UploadResultWire, UploadType } from '#shared/schemas/upload';
import { UPLOAD_TEXT } from '#shared/ui-messages';
import { checkImageFile, UploadError, uploadImageFile, uploadImageFromUrl } from '../../api/upload.api';
import { toast } from '../../hooks/use-toast';

/** A failure toast's title and text. */
export interface UploadFailureText {
  title: string;
  description: string;
}

/**
 * Upload state for one image control: sends files or URLs and raises SPEC section 8's failure toasts.
 * `failureText`, when given, replaces every failure toast (a refused file too): the template logo's texts.
 */
export function useImageUpload(
  type: UploadType,
  failureText?: UploadFailureText,
): {
  isUploading: boolean;
  /** Resolves to the stored image, or null when the file was refused or the upload failed (a toast said why). */
  uploadFile: (file: File) => Promise<UploadResultWire | null>;
  uploadUrl: (imageUrl: string) => Promise<UploadResultWire | null>;
} {
  const [isUploading, setIsUploading] = useState(false);

  const run = async (send: () => Promise<UploadResultWire>): Promise<UploadResultWire | null> => {
    setIsUploading(true);
    try {
      return await send();
    } catch (error) {
      const description = error instanceof UploadError ? error.message : UPLOAD_TEXT.generic;
      toast({ ...(failureText ?? { title: UPLOAD_TEXT.failed, description }), variant: 'destructive' });
      return null;
    } finally {
      setIsUploading(false);
    }
  };

  const uploadFile = async (file: File) => {
    // Checked here first so a wrong file never travels; the server checks the content again.
    const problem = checkImageFile(file);
    if (problem) {
      toast({ ...(failureText ?? problem), variant: 'destructive' });
      return null;
    }
    return run(() => uploadImageFile(file, type));
  };

  const uploadUrl = (imageUrl: string) => run(() => uploadImageFromUrl(imageUrl.trim(), type));

  return { isUploading, uploadFile, uploadUrl };
}
