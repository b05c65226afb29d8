/**
 * Why an invoice could not be made, as a stable code (the bots turn it into Spanish) plus an English message
 * (stored as failure_reason and shown by the API). Thrown by receipt reading / CFDI building for problems that
 * retrying will not fix; anything else thrown by a job is treated as transient and retried.
 */
export type FailureCode =
  | 'unreadable_receipt'
  | 'missing_total'
  | 'missing_vendor_rfc'
  | 'invalid_vendor_rfc'
  | 'missing_vendor_data'
  | 'inconsistent_amounts'
  | 'receptor_incomplete'
  | 'uso_not_allowed'
  | 'cancelled'
  | 'expired'
  | 'internal';

export class InvoiceFailure extends Error {
  override readonly name = 'InvoiceFailure';
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
  }
}
