/**
 * Calls that take exactly one file in one multipart field (the image upload, the EAN sheet):
 * the body is refused with 413 before it is read whole, and every malformed upload gets a
 * sentence that says what to send.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serverSentence } from '../../shared/server-messages';
import { ApiError } from './errors';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface SingleFileUpload {
  /** The multipart field that carries the file. */
  field: string;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** What the file is, for messages: 'an image file', 'an .xlsx file'. */
  what: string;
  /** The 413 error for a file over maxBytes. */
  tooLarge: () => ApiError;
}

export const uploadBodyLimitBytes = (upload: SingleFileUpload) => upload.maxBytes + MULTIPART_OVERHEAD_BYTES;

/** Refuses a body over the file limit (plus multipart overhead) while it streams in. */
export function singleFileBodyLimit(upload: SingleFileUpload): MiddlewareHandler {
  return bodyLimit({
    maxSize: uploadBodyLimitBytes(upload),
    onError: () => {
      throw upload.tooLarge();
    },
  });
}

/** The one file of the upload's field, checked for presence, count and size. */
export async function readSingleFile(c: Context, upload: SingleFileUpload): Promise<File> {
  if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(400, `Send ${upload.what} as multipart/form-data in the field '${upload.field}'`);
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw ApiError.saying(400, serverSentence('uploadUnreadable'));
  }
  const parts = form.getAll(upload.field);
  const file = parts[0];
  if (!(file instanceof File)) throw new ApiError(400, `The field '${upload.field}' with ${upload.what} is missing`);
  if (parts.length > 1) throw ApiError.saying(400, serverSentence('oneFilePerRequest'));
  if (file.size > upload.maxBytes) throw upload.tooLarge();
  if (file.size === 0) throw ApiError.saying(400, serverSentence('fileEmpty'));
  return file;
}
