/**
 * Query keys shared by features: the converter invalidates what the dashboard shows after a run,
 * without the two features importing each other.
 */
export const queryKeys = {
  /** Everything about the signed-in account (profile, credits, jobs). */
  account: ['account'] as const,
  profile: ['account', 'profile'] as const,
  credits: ['account', 'credits'] as const,
  jobs: (limit: number, offset: number) => ['account', 'jobs', limit, offset] as const,
  apiKeys: ['account', 'api-keys'] as const,
  extractors: ['account', 'extractors'] as const,
  webhookSecret: ['account', 'webhook-secret'] as const,
  creditRequests: ['account', 'credit-requests'] as const,
  trial: ['trial'] as const,
  /** How large a batch the server takes (GET /api/jobs/limits). */
  jobLimits: ['jobs', 'limits'] as const,
};
