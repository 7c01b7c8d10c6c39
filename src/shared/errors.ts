/**
 * The one catalogue of error codes. Each code has its HTTP status and the message a user sees.
 * Messages quoted in SPEC.md are used verbatim; `{name}` placeholders are filled from `params`.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields need your attention.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  API_ROUTE_NOT_FOUND: { status: 404, message: 'There is no API endpoint at {method} {path}.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests. Please wait {retryAfterSeconds} seconds and try again.',
  },
  CONTACT_RATE_LIMITED: {
    status: 429,
    message:
      'You have sent several messages in a short time. Please wait {retryAfterSeconds} seconds before sending another.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again shortly.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export type ErrorParams = Record<string, string | number>;

/** The JSON body of every error answer from the API. */
export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    requestId?: string;
    details?: unknown;
  };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function formatErrorMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_CATALOGUE[code].message.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : placeholder,
  );
}

/** An expected failure: operations throw it, and one translation point turns it into a response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(
    code: ErrorCode,
    options: { params?: ErrorParams; details?: unknown; cause?: unknown } = {},
  ) {
    super(formatErrorMessage(code, options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details;
  }
}
