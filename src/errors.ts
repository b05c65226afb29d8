/**
 * Domain errors. Domain code throws AppError with a code; only src/http/errors.ts knows HTTP statuses,
 * and each bot's error boundary turns the code into Spanish text.
 */
export type ErrorCode =
  | 'ValidationError'
  | 'Unauthorized'
  | 'InsufficientCredits'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  /** A well-formed upload whose content cannot be used (a scanned or locked PDF, not the expected document). */
  | 'UnprocessableDocument'
  | 'RateLimited'
  | 'InternalError';

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

/** RateLimited with a hint of when trying again can work (REST: the Retry-After header). */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RateLimited', message);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const notFound = (what: string): AppError => new AppError('NotFound', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this'): AppError =>
  new AppError('Forbidden', message);
export const conflict = (message: string): AppError => new AppError('Conflict', message);
export const validationError = (message: string, details?: ErrorDetail[]): AppError =>
  new AppError('ValidationError', message, details);
