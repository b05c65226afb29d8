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
