// zod/mini: the browser's first chunk reads error bodies (src/client/lib/api.ts), and the full zod
// runtime costs it about 20 kB gzip. The server uses these schemas as they are (zod core types).
import * as z from 'zod/mini';

/** Every error the API returns has this shape. */
export const errorBodySchema = z.object({
  statusCode: z.int(),
  code: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
