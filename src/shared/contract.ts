/**
 * The API contract both sides agree on: zod schemas validate on the server and type the client.
 * Shapes follow the specification's sections 3 and 7.
 */
import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1_000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  /** Expiry of the access token, in milliseconds since the epoch. */
  expiredAccessToken: z.number(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Every error the server sends has this body. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const supplierSchema = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  supplierUrlFeed: z.string(),
  inProgress: z.boolean(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** Item shapes of these lists are not given by the spec; the catalogue decides them. */
export const categorySchema = z.object({ categoryId: z.number().int(), categoryName: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const familyKeySchema = z.string();
export type FamilyKey = z.infer<typeof familyKeySchema>;
