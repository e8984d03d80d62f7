// zod/mini: the photo uploader (client) parses these responses; see errors.ts.
import * as z from 'zod/mini';

/** POST /api/uploads (multipart field `file`) -> 201. `url` is the largest stored variant. */
export const uploadSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.int(),
  height: z.int(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const uploadResponseSchema = z.object({ upload: uploadSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** The multipart field the file is sent in. */
export const UPLOAD_FIELD = 'file';
