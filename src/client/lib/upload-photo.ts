import { UPLOAD_FIELD, uploadResponseSchema, type Upload } from '@shared/api/uploads';
import { errorBodySchema } from '@shared/api/errors';
import { UPLOAD_MAX_BYTES } from '@shared/domain/constants';

/** What the server says about a file it refuses (kept word for word so the client says the same). */
export const UNSUPPORTED_PHOTO_MESSAGE = 'The file must be a JPEG, PNG, WebP or HEIC image.';
export const PHOTO_TOO_LARGE_MESSAGE = `The image must be at most ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;
/** For <input type="file" accept>: HEIC files often come with no type at all, so by name too. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/**
 * A quick look before sending (the server checks the content itself): the problem, if any.
 * A file with no type (common for HEIC) is left to the server.
 */
export function photoFileProblem(file: File): string | null {
  const kind = photoFileProblemKind(file);
  if (kind === 'too-large') return PHOTO_TOO_LARGE_MESSAGE;
  if (kind === 'empty') return 'The file is empty.';
  return kind === 'unsupported' ? UNSUPPORTED_PHOTO_MESSAGE : null;
}

/** The same look, as a kind a translated screen words (usePhotoFileProblem). */
export function photoFileProblemKind(file: File): 'too-large' | 'empty' | 'unsupported' | null {
  if (file.size > UPLOAD_MAX_BYTES) return 'too-large';
  if (file.size === 0) return 'empty';
  const byName = /\.(jpe?g|png|webp|heic|heif)$/i.test(file.name);
  if (file.type ? !PHOTO_TYPES.has(file.type) && !byName : !byName) return 'unsupported';
  return null;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * POSTs one photo to /api/uploads with upload progress (fetch cannot report it, so this is an
 * XMLHttpRequest). Like apiFetch it is same-origin with cookies; the browser adds the Origin
 * header the server's cross-site check reads. Rejects with the server's message when refused.
 */
export function uploadPhoto(
  file: File,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadResponseSchema.safeParse(json);
        if (parsed.success) resolve(parsed.data.upload);
        else reject(new UploadError('The server sent an unexpected answer. Please try again.', xhr.status));
        return;
      }
      const body = errorBodySchema.safeParse(json);
      reject(
        new UploadError(
          body.success ? body.data.message : `${xhr.status}: ${xhr.responseText || xhr.statusText}`,
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new UploadError('The upload failed. Check your connection and try again.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append(UPLOAD_FIELD, file);
    xhr.send(form);
  });
}

/**
 * Whether the browser may show a local preview of a chosen file: only when its first bytes are a
 * JPEG, PNG or WebP (never whatever a renamed file really is, e.g. an SVG; HEIC it cannot show).
 */
export async function isPreviewablePhoto(file: File): Promise<boolean> {
  try {
    const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
    const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
    if (b.length >= 8 && b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a) return true;
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
    return b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  } catch {
    return false;
  }
}
