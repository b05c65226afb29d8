import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../errors.js';

/**
 * E.164 with libphonenumber. Mexico dropped the mobile "1" after +52 in 2019; WhatsApp still sends
 * `whatsapp:+521…`, so +521XXXXXXXXXX and +52XXXXXXXXXX are the same number and we keep the short form.
 * Numbers without a country code are read as Mexican.
 */
export function normalizePhone(input: string): string {
  const raw = input.trim().replace(/^whatsapp:/i, '');
  let digits = raw.replace(/[^\d+]/g, '');
  if (/^\+?521\d{10}$/.test(digits)) digits = `+52${digits.slice(digits.length - 10)}`;
  const parsed = parsePhoneNumberFromString(digits.startsWith('+') ? digits : raw, 'MX');
  if (!parsed?.isValid()) {
    throw new AppError(
      'ValidationError',
      'phone_number is not a valid phone number (include the country code)',
      [{ path: 'phone_number', message: 'invalid phone number' }],
    );
  }
  return parsed.number;
}

export function tryNormalizePhone(input: string): string | undefined {
  try {
    return normalizePhone(input);
  } catch {
    return undefined;
  }
}
