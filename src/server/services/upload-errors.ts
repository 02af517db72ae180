import { UPLOAD_MSG } from '#shared/messages';
import { AppError, type AppErrorKind } from './app-error.ts';

/** A refused upload: SPEC's upload answers carry `error` (the short title) beside `message`. */
export function uploadRefused(kind: AppErrorKind, message: string, error: string = message): AppError {
  return new AppError(kind, message, { error });
}

/** SPEC: 'File too large' / 'Maximum file size is 5MB', with 413. */
export function fileTooLarge(): AppError {
  return uploadRefused('too_large', UPLOAD_MSG.tooLargeDetail, UPLOAD_MSG.tooLarge);
}

/** SPEC: 'Invalid file type' / 'Please upload a JPEG or PNG image', with 415. */
export function invalidFileType(): AppError {
  return uploadRefused('unsupported', UPLOAD_MSG.invalidTypeDetail, UPLOAD_MSG.invalidType);
}
