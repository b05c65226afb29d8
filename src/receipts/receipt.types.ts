/** What readReceipt() returns. Amounts are integer cents; null means not printed / not read. */
export type PaymentMethod = 'cash' | 'card' | 'other';

export interface ReceiptItem {
  description: string;
  /** Integer units, or decimal kg / litres / metres (up to 3 decimals). */
  quantity: number;
  /** Line total in cents, IVA included. */
  amount: number;
}

export interface ReceiptFields {
  vendor_name: string | null;
  vendor_store_name: string | null;
  vendor_rfc: string | null;
  /** YYYY-MM-DD */
  date: string | null;
  /** HH:MM or HH:MM:SS, 24 h */
  time: string | null;
  total: number | null;
  subtotal: number | null;
  iva: number | null;
  ieps: number | null;
  tip: number | null;
  currency: string;
  payment_method: PaymentMethod | null;
  folio: string | null;
  postal_code: string | null;
  regimen_fiscal: string | null;
  items: ReceiptItem[];
}

export type FieldName = Exclude<keyof ReceiptFields, 'currency'>;

/** Every field a reading has a confidence for, in ReceiptFields' order. */
export const FIELD_NAMES: readonly FieldName[] = [
  'vendor_name',
  'vendor_store_name',
  'vendor_rfc',
  'date',
  'time',
  'total',
  'subtotal',
  'iva',
  'ieps',
  'tip',
  'payment_method',
  'folio',
  'postal_code',
  'regimen_fiscal',
  'items',
];

export interface ReceiptData extends ReceiptFields {
  /** 0..1 per field; 0 for a field that was not found. */
  confidence: Record<FieldName, number>;
  /** The OCR text the fields were read from (all passes, first pass first). */
  text: string;
  /** Milliseconds spent per stage (prepare, ocr, extract, total, ...). */
  timings: Record<string, number>;
  /** Per key field, the evidence its confidence was computed from (`"total": ["label TOTAL"]`, evidence.ts). */
  sources?: Partial<Record<FieldName, string[]>>;
}

/** Reads a receipt image. The real one prepares the image, runs OCR and extracts fields. */
export type ReceiptReader = (image: Buffer) => Promise<ReceiptData>;

/** The image's bytes could not be decoded: reading them again fails the same way, so no retry helps. */
export class UnreadableImage extends Error {
  override readonly name = 'UnreadableImage';
}
