/** Printed forms: amounts, dates, times and the total in Spanish words ("CIENTO VEINTE PESOS 50/100 M.N."). */
import type { Rng } from './ticketgen.rng.js';

export const MONTHS = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'];

export interface MoneyStyle {
  dollar: 'none' | 'tight' | 'spaced';
  thousands: boolean;
}

export function money(cents: number, s: MoneyStyle): string {
  const [int, dec] = (cents / 100).toFixed(2).split('.') as [string, string];
  const grouped = s.thousands ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : int;
  const sign = s.dollar === 'none' ? '' : s.dollar === 'tight' ? '$' : '$ ';
  return `${sign}${grouped}.${dec}`;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** A date printer drawn once per ticket. */
export function drawDateFormat(rng: Rng): (d: Date) => string {
  return rng.pick([
    (d: Date) => `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
    (d: Date) => d.toISOString().slice(0, 10),
    (d: Date) => `${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`,
    (d: Date) => `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`,
    (d: Date) => `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${two(d.getUTCFullYear() % 100)}`,
    (d: Date) => `${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
    (d: Date) => `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`,
    (d: Date) => `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}`,
  ]);
}

export function drawTimeFormat(rng: Rng): (t: { h: number; m: number; s: number | null }) => string {
  const twelve = rng.chance(0.3);
  const suffix = rng.pick([' PM', ' P.M.', ' pm', ' p.m.']);
  return ({ h, m, s }) => {
    const sec = s === null ? '' : `:${two(s)}`;
    if (!twelve) return `${two(h)}:${two(m)}${sec}`;
    const am = h < 12;
    const mark = am ? suffix.replace('P', 'A').replace('p', 'a') : suffix;
    return `${two(h % 12 === 0 ? 12 : h % 12)}:${two(m)}${sec}${mark}`;
  };
}

const UNITS = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISEIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUN',
  'VEINTIDOS',
  'VEINTITRES',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISEIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

function below1000(n: number): string {
  if (n === 100) return 'CIEN';
  const h = HUNDREDS[Math.floor(n / 100)] ?? '';
  const r = n % 100;
  const rest =
    r < 30 ? (UNITS[r] ?? '') : `${TENS[Math.floor(r / 10)]}${r % 10 ? ` Y ${UNITS[r % 10]}` : ''}`;
  return [h, rest].filter(Boolean).join(' ');
}

/** "(SETECIENTOS SETENTA Y NUEVE PESOS 82/100 M.N.)" for 77982 cents. */
export function inWords(cents: number): string {
  const pesos = Math.floor(cents / 100);
  const thousands = Math.floor(pesos / 1000);
  const head = thousands === 0 ? '' : thousands === 1 ? 'MIL' : `${below1000(thousands)} MIL`;
  const words = [head, below1000(pesos % 1000)].filter(Boolean).join(' ') || 'CERO';
  return `(${words} ${pesos === 1 ? 'PESO' : 'PESOS'} ${two(cents % 100)}/100 M.N.)`;
}
