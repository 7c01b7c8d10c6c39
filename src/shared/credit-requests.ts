import { z } from 'zod';
import { CREDIT_REQUEST_LIMITS, CREDIT_REQUEST_STATUSES } from './credit-request-limits';

const { minCredits, maxCredits, message } = CREDIT_REQUEST_LIMITS;

/** POST /api/credit-requests: how many credits, and what they are for. */
export const creditRequestInputSchema = z.object({
  credits: z
    .number({ error: 'Please enter how many credits you need.' })
    .int('Please enter a whole number of credits.')
    .min(minCredits, `Please ask for at least ${minCredits} credit.`)
    .max(maxCredits, `Please ask for at most ${maxCredits} credits at a time.`),
  message: z
    .string({ error: 'Please say what the credits are for.' })
    .trim()
    .min(1, 'Please say what the credits are for.')
    .max(message, `Please keep this under ${message} characters.`),
});
export type CreditRequestInput = z.output<typeof creditRequestInputSchema>;

/** One request as its author sees it. */
export const creditRequestSchema = z.object({
  id: z.string(),
  credits: z.number().int(),
  message: z.string(),
  status: z
    .enum(CREDIT_REQUEST_STATUSES)
    .describe("'open' until an operator grants credits to the account, then 'granted'."),
  created_at: z.string(),
  granted_at: z.string().nullable(),
  granted_credits: z
    .number()
    .int()
    .nullable()
    .describe(
      'How many credits the grant that answered it gave toward it: fewer than `credits` is a partial grant; null while open.',
    ),
});
export type CreditRequest = z.output<typeof creditRequestSchema>;

/** GET /api/credit-requests: the signed-in user's requests, newest first. */
export const creditRequestListSchema = z.object({ requests: z.array(creditRequestSchema) });
export type CreditRequestList = z.output<typeof creditRequestListSchema>;
