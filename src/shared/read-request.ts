import { z } from 'zod';

/** The JSON body of POST /api/documents/read (files are sent as multipart instead). */
export const readRequestSchema = z.union([
  z.object({ text: z.string().max(5_000_000, 'The text is too long.') }).strict(),
  z.object({ url: z.string().trim().min(1, 'Please enter a web address.').max(2048) }).strict(),
]);

/** `?images=data-url` adds each page image inline as a data: URL. */
export const readQuerySchema = z.object({
  images: z.enum(['none', 'data-url']).default('none'),
});

export type ReadRequest = z.infer<typeof readRequestSchema>;
