/** A request for credits (issue 20 point 6), without zod: the browser's form imports these. */
export const CREDIT_REQUEST_LIMITS = { minCredits: 1, maxCredits: 1000, message: 2000 } as const;

export const CREDIT_REQUEST_STATUSES = ['open', 'granted'] as const;
export type CreditRequestStatus = (typeof CREDIT_REQUEST_STATUSES)[number];
