import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Reads the one file of a multipart/form-data request into memory, at most `maxBytes`. The
 * declared file name and type are ignored: callers check the bytes themselves.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image as multipart/form-data in the field "${field}".`);
  }
  // A multipart body that cannot be parsed (no boundary, cut off) is the client's fault: 400.
  const malformed = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage);
    }
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  };
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(malformed);
  if (!file || file.fieldname !== field) {
    // Drain what was sent so the connection can be reused.
    file?.file.resume();
    throw new AppError('BAD_REQUEST', `Choose an image to upload (multipart field "${field}").`);
  }
  return file.toBuffer().catch(malformed);
}
