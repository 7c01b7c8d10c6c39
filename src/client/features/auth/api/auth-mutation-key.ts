/** Marks the sign-in and sign-up calls, so the pages wait for them before redirecting. */
export const AUTH_MUTATION_KEY = ['auth'] as const;
