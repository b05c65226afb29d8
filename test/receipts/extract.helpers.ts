import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import { extractVendor } from '../../src/receipts/extract/extract.vendor.js';

export const lines = (t: string) => toLines(t);
/** The vendor name read from `text`, knowing the RFC (and its line) or not. */
export const vendorName = (text: string, rfc: string | null, rfcLine: number | null) =>
  extractVendor(lines(text), rfc, rfcLine).name;
export const TODAY = new Date('2026-11-22T12:00:00Z');
/** The fields read from a whole ticket's text. */
export const read = (text: string) => extractFields(text, TODAY).fields;

/** Reads a whole ticket and checks the issuer's RFC and razón social. */
export function expectIssuer(text: string, rfc: string, name: string): void {
  const got = extractFields(text, TODAY).fields;
  expect(got.vendor_rfc).toBe(rfc);
  expect(got.vendor_name).toBe(name);
}

/**
 * The OCR text kept in `fixtures/<name>.txt` (see fixtures/README.md). The file's last newline is only the
 * file's end, so it is dropped: the text is exactly what the reader was given.
 */
export const ocr = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8').replace(/\n$/, '');

/** A whole short ticket as OCR returns it, with one line swapped in where a slip or a trap lies. */
export const oxxo = (rfcLine: string, nameLine = 'CADENA COMERCIAL OXXO SA DE CV'): string =>
  [
    'OXXO',
    nameLine,
    rfcLine,
    'EDISON 1235 C.P. 64480',
    'FECHA 21/11/2026 HORA 22:14',
    'TICKET 345678',
    'COCA COLA 600ML 1 18.50',
    'TOTAL 18.50',
    'EFECTIVO 20.00',
    'CAMBIO 1.50',
  ].join('\n');

/** A small ticket around the lines under test: a header with an RFC, then `body`. */
export const ticket = (body: string): string =>
  `ABARROTES LA PALMA SA DE CV\nRFC: ALP010203AB1\nFECHA: 21/11/2026 HORA: 14:05\n${body}`;
