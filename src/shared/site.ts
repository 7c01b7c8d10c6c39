/** Facts about the product that pages on both sides quote. */
export const SITE = {
  name: 'Rowsmith',
  tagline: 'Turn anything into a clean table.',
  supportEmail: 'support@rowsmith.app',
  privacyEmail: 'privacy@rowsmith.app',
} as const;

/** Business constants of SPEC.md section 9 and PRODUCT.md section 3. */
export const PLAN = {
  name: 'Foundation',
  signUpCredits: 10,
  creditsPerExtraction: 1,
  anonymousFreeExtractions: 3,
  pdfMaxMegabytes: 10,
  pdfMaxPages: 5,
} as const;
