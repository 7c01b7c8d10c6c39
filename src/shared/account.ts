import { z } from 'zod';
import { extractedRowSchema } from './rows';

/** SPEC.md section 3's credits, as the credits function answers them. */
export const creditsSchema = z.object({
  credits_remaining: z.number().int(),
  credits_total: z.number().int(),
});
export type Credits = z.output<typeof creditsSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  created_at: z.string().describe('ISO 8601 date and time'),
  plan: z.string(),
  email_verified: z.boolean().describe('Whether the address was confirmed by a mailed link.'),
  credits_awaiting_verification: z
    .number()
    .int()
    .describe('Sign-up credits given once the address is verified (REQUIRE_EMAIL_VERIFICATION).'),
});
export type Profile = z.output<typeof profileSchema>;

export const EXTRACTION_TYPES = ['file', 'url', 'text'] as const;
export type ExtractionType = (typeof EXTRACTION_TYPES)[number];

/** SPEC.md section 3's file types. DOCX, HTML, JSON and Markdown count as text. */
export const USAGE_FILE_TYPES = ['pdf', 'csv', 'image', 'text', 'spreadsheet', 'unknown'] as const;
export type UsageFileType = (typeof USAGE_FILE_TYPES)[number];

/** One usage_tracking record as the account API lists it. */
export const usageRecordSchema = z.object({
  id: z.string(),
  extraction_type: z.enum(EXTRACTION_TYPES),
  columns_defined: z.number().int(),
  rows_extracted: z.number().int(),
  success: z.boolean(),
  file_type: z.enum(USAGE_FILE_TYPES),
  file_size: z.number().int().nullable(),
  processing_time_ms: z.number(),
  error_message: z.string().nullable(),
  has_file: z.boolean().describe('Whether the result is stored and can be downloaded.'),
  created_at: z.string(),
});
export type UsageRecord = z.output<typeof usageRecordSchema>;

export const usagePageSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  records: z.array(usageRecordSchema),
});
export type UsagePage = z.output<typeof usagePageSchema>;

export const usageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(5),
  offset: z.coerce.number().int().min(0).default(0),
});

/** SPEC.md section 3's stored extraction file, what a download link answers. */
export const storedExtractionSchema = z.object({
  metadata: z.object({
    extraction_type: z.enum(EXTRACTION_TYPES),
    file_type: z.enum(USAGE_FILE_TYPES),
    columns_defined: z.number().int(),
    rows_extracted: z.number().int(),
    extracted_at: z.string(),
    user_id: z.string(),
    extraction_id: z.string(),
    /** Beyond SPEC.md: the columns themselves, so a stored result can be read without guessing. */
    columns: z.array(z.object({ name: z.string(), type: z.string() })),
  }),
  data: z.array(extractedRowSchema),
});
export type StoredExtraction = z.output<typeof storedExtractionSchema>;

export const downloadLinkSchema = z.object({
  url: z.string().describe('A signed link to the stored result, valid for 3600 s.'),
  expires_at: z.string(),
  file_name: z.string(),
});
export type DownloadLink = z.output<typeof downloadLinkSchema>;

/** What a run costs the caller, and what is left after it. */
export const allowanceSchema = z.discriminatedUnion('kind', [
  creditsSchema.extend({ kind: z.literal('credits') }),
  z.object({ kind: z.literal('trial'), remaining: z.number().int(), limit: z.number().int() }),
]);
export type Allowance = z.output<typeof allowanceSchema>;

export const trialStatusSchema = z.object({
  remaining: z.number().int(),
  limit: z.number().int(),
});
export type TrialStatus = z.output<typeof trialStatusSchema>;

/**
 * Whose free runs ran out: this browser's own, or those of its network (the per-address count
 * for the day, shared with everyone behind the same address); null while runs are left.
 */
export const TRIAL_USED_UP_BY = ['visitor', 'network'] as const;
export type TrialUsedUpBy = (typeof TRIAL_USED_UP_BY)[number];

/** GET /api/trial, and the details of a TRIAL_LIMIT_REACHED refusal. */
export const trialStandingSchema = trialStatusSchema.extend({
  used_up_by: z.enum(TRIAL_USED_UP_BY).nullable(),
  /** What an account starts with (SIGNUP_CREDITS), for the words that offer one. */
  signup_credits: z.number().int(),
});
export type TrialStanding = z.output<typeof trialStandingSchema>;

/** The answer of a DELETE that removed something. */
export const deletedSchema = z.object({ deleted: z.literal(true) });
export type Deleted = z.output<typeof deletedSchema>;

/** The text the danger zone asks for (SPEC.md section 5). */
export const DELETE_CONFIRMATION = 'DELETE';

export const deleteAccountSchema = z.object({
  confirmation: z.string(),
});

export const MIN_PASSWORD_LENGTH = 8;

/** Sign-up fields (SPEC.md section 5), shared by the form and the server. */
export function signUpSchema(minPasswordLength = MIN_PASSWORD_LENGTH) {
  return z.object({
    name: z.string().trim().min(1, 'Full name is required').max(200),
    email: z.email('Enter a valid email address').max(254),
    password: passwordSchema(minPasswordLength),
  });
}

/** SPEC.md section 5: sign-in requires an email and a password. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});

/**
 * Whether a password change or reset also revokes every API key of the account (scripts using
 * them stop working): for when the password or a key may be known to someone else.
 */
const revokeApiKeysField = z
  .boolean()
  .optional()
  .describe('Also revoke every API key of the account (default false).');

/** The new password of a password reset, as the server checks it before better-auth. */
export function newPasswordSchema(minPasswordLength = MIN_PASSWORD_LENGTH) {
  return z.object({
    newPassword: passwordSchema(minPasswordLength),
    token: z.string().optional(),
    revokeApiKeys: revokeApiKeysField,
  });
}

/** A signed-in user's password change (Settings). Other sessions are always signed out. */
export function changePasswordSchema(minPasswordLength = MIN_PASSWORD_LENGTH) {
  return z.object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
    newPassword: passwordSchema(minPasswordLength),
    revokeApiKeys: revokeApiKeysField,
  });
}

/** What a password change or reset answers beyond better-auth's own fields. */
export const passwordChangedSchema = z.object({
  revokedApiKeys: z.number().int().describe('How many API keys were revoked with it.'),
});
export type PasswordChanged = z.output<typeof passwordChangedSchema>;

/** The profile fields a user may change (Settings): only the name; the email is how they sign in. */
export const updateProfileSchema = z.strictObject({
  name: z.string().trim().min(1, 'Full name is required').max(200),
});

export function passwordSchema(minPasswordLength = MIN_PASSWORD_LENGTH) {
  return z
    .string()
    .min(minPasswordLength, `Password must be at least ${minPasswordLength} characters`)
    .max(128, 'Password must be at most 128 characters');
}
