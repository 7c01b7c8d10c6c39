import { z } from 'zod';

/** SPEC.md section 3's credits, as the credits function answers them. */
export type Credits = { credits_remaining: number; credits_total: number };

export type Profile = {
  id: string;
  email: string;
  full_name: string;
  created_at: string;
  plan: string;
};

export const EXTRACTION_TYPES = ['file', 'url', 'text'] as const;
export type ExtractionType = (typeof EXTRACTION_TYPES)[number];

/** SPEC.md section 3's file types. DOCX, HTML, JSON and Markdown count as text. */
export const USAGE_FILE_TYPES = ['pdf', 'csv', 'image', 'text', 'spreadsheet', 'unknown'] as const;
export type UsageFileType = (typeof USAGE_FILE_TYPES)[number];

/** One usage_tracking record as the account API lists it. */
export type UsageRecord = {
  id: string;
  extraction_type: ExtractionType;
  columns_defined: number;
  rows_extracted: number;
  success: boolean;
  file_type: UsageFileType;
  file_size: number | null;
  processing_time_ms: number;
  error_message: string | null;
  has_file: boolean;
  created_at: string;
};

export type UsagePage = { total: number; limit: number; offset: number; records: UsageRecord[] };

export const usageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(5),
  offset: z.coerce.number().int().min(0).default(0),
});

export type DownloadLink = { url: string; expires_at: string; file_name: string };

/** What a run costs the caller, and what is left after it. */
export type Allowance =
  | { kind: 'credits'; credits_remaining: number; credits_total: number }
  | { kind: 'trial'; remaining: number; limit: number };

export type TrialStatus = { remaining: number; limit: number };

/**
 * Whose free runs ran out: this browser's own, or those of its network (the per-address count
 * for the day, shared with everyone behind the same address); null while runs are left.
 */
export type TrialUsedUpBy = 'visitor' | 'network';

/** GET /api/trial, and the details of a TRIAL_LIMIT_REACHED refusal. */
export type TrialStanding = TrialStatus & {
  used_up_by: TrialUsedUpBy | null;
  /** What an account starts with (SIGNUP_CREDITS), for the words that offer one. */
  signup_credits: number;
};

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

export function passwordSchema(minPasswordLength = MIN_PASSWORD_LENGTH) {
  return z
    .string()
    .min(minPasswordLength, `Password must be at least ${minPasswordLength} characters`)
    .max(128, 'Password must be at most 128 characters');
}
