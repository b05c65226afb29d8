import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { AppError, type ErrorCode, type ErrorDetail } from '../errors.js';
import type { Logger } from '../logger.js';

/** The one place that maps domain error codes to HTTP (decisions.md §5). */
export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  ValidationError: 400,
  Unauthorized: 401,
  InsufficientCredits: 402,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
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

export function handleError(err: unknown, c: Context, logger: Logger): Response {
  if (err instanceof AppError) {
    if (err.code === 'InternalError')
      logger.error({ reqId: c.get('requestId' as never), err }, 'internal error');
    return c.json(errorBody(err), STATUS_OF[err.code]);
  }
  // Hono throws HTTPException for e.g. body-limit; anything else is a bug: log it, answer a bare 500.
  const status = (err as { status?: number }).status;
  // The JSON validator throws HTTPException(400) for a body that does not parse.
  if (status === 400) {
    const message = 'Request body is not valid JSON';
    return c.json(
      { error: 'ValidationError', message, details: [{ path: '(body)', message }] } satisfies ErrorBody,
      400,
    );
  }
  if (status === 413) {
    return c.json(
      { error: 'PayloadTooLarge', message: 'Request body is too large' } satisfies ErrorBody,
      413,
    );
  }
  logger.error({ reqId: c.get('requestId' as never), err }, 'unhandled error');
  return c.json(
    { error: 'InternalError', message: 'Something went wrong on our side' } satisfies ErrorBody,
    500,
  );
}
