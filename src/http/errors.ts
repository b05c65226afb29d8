import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { AppError, type ErrorCode, type ErrorDetail, RetryLater } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AppEnv } from './env.js';

/** The one place that maps domain error codes to HTTP (docs/decisions.md §5). */
export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  ValidationError: 400,
  Unauthorized: 401,
  InsufficientCredits: 402,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  UnprocessableDocument: 422,
  RateLimited: 429,
  InternalError: 500,
};

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

export function errorBody(err: AppError): ErrorBody {
  return err.details
    ? { error: err.code, message: err.message, details: err.details }
    : { error: err.code, message: err.message };
}

export function zodDetails(error: ZodError, prefix?: string): ErrorDetail[] {
  return error.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter((p) => p !== undefined && p !== '').join('.') || '(root)',
    message: i.message,
  }));
}

export function validationFromZod(error: ZodError, where?: string): AppError {
  const details = zodDetails(error, where === 'json' ? undefined : where);
  const first = details[0];
  return new AppError(
    'ValidationError',
    first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request',
    details,
  );
}

/** The response for a domain error: every error body the service sends is written here. */
export function errorResponse(c: Context<AppEnv>, err: AppError): Response {
  return c.json(errorBody(err), STATUS_OF[err.code]);
}

const notJson = 'Request body is not valid JSON';
/** What the framework rejects before our handlers run, in our error shape. */
const CLIENT_ERRORS: Record<number, ErrorBody> = {
  // The JSON validator: a body that does not parse.
  400: { error: 'ValidationError', message: notJson, details: [{ path: '(body)', message: notJson }] },
  413: { error: 'PayloadTooLarge', message: 'Request body is too large' },
  // The JSON validator: a body sent without `Content-Type: application/json`.
  415: {
    error: 'UnsupportedMediaType',
    message: 'Request body must be JSON: send Content-Type: application/json',
  },
};

export function handleError(err: unknown, c: Context<AppEnv>, logger: Logger): Response {
  if (err instanceof AppError) {
    if (err.code === 'InternalError') logger.error({ reqId: c.get('requestId'), err }, 'internal error');
    if (err instanceof RetryLater) c.header('Retry-After', String(err.retryAfterSeconds));
    return errorResponse(c, err);
  }
  // Hono and its validators throw HTTPException (status, message) for what the client sent; anything else is a
  // bug: log it, answer a bare 500.
  const status = (err as { status?: number }).status;
  const client = status === undefined ? undefined : CLIENT_ERRORS[status];
  if (client) return c.json(client, status as ContentfulStatusCode);
  logger.error({ reqId: c.get('requestId'), err }, 'unhandled error');
  return errorResponse(c, new AppError('InternalError', 'Something went wrong on our side'));
}
