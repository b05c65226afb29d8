/**
 * Amounts in Spanish words as printed on Mexican invoices: "(CIENTO VEINTIÚN PESOS 50/100 M.N.)".
 * Numbers that precede a noun (PESOS, MIL, MILLONES) take the short form: UN, VEINTIÚN, TREINTA Y UN.
 */
const UNIDADES = ['', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
const DIEZ_A_VEINTINUEVE = [
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = [
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

/**
 * Every single number word of the tables above with its value, the short forms (UN, VEINTIÚN) and CIEN included:
 * what reading an amount in words back (receipts) needs, from the same tables that write it.
 */
const PALABRAS: Array<[string, number]> = [
  ['CERO', 0],
  ...UNIDADES.map((w, i): [string, number] => [w, i]),
  ['UN', 1],
  ...DIEZ_A_VEINTINUEVE.map((w, i): [string, number] => [w, 10 + i]),
  ['VEINTIÚN', 21],
  ...DECENAS.map((w, i): [string, number] => [w, 10 * i]),
  ['CIEN', 100],
  ...CENTENAS.map((w, i): [string, number] => [w, 100 * i]),
];
export const VALOR_DE_PALABRA: ReadonlyMap<string, number> = new Map(PALABRAS.filter(([w]) => w !== ''));

function apocope(word: string): string {
  if (word === 'UNO') return 'UN';
  if (word === 'VEINTIUNO') return 'VEINTIÚN';
  return word.endsWith(' Y UNO') ? `${word.slice(0, -3)}UN` : word;
}

function belowHundred(n: number): string {
  if (n < 10) return UNIDADES[n] ?? '';
  if (n < 30) return DIEZ_A_VEINTINUEVE[n - 10] ?? '';
  const unit = n % 10;
  const tens = DECENAS[Math.floor(n / 10)] ?? '';
  return unit === 0 ? tens : `${tens} Y ${UNIDADES[unit]}`;
}

function belowThousand(n: number, short: boolean): string {
  if (n === 100) return 'CIEN';
  const hundreds = CENTENAS[Math.floor(n / 100)] ?? '';
  const rest = n % 100;
  const restWords = rest === 0 ? '' : short ? apocope(belowHundred(rest)) : belowHundred(rest);
  return [hundreds, restWords].filter(Boolean).join(' ');
}

/** A non-negative integer in words; `short` for the form used before a noun ("UN", not "UNO"). */
export function enLetras(n: number, short = false): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a non-negative integer: ${n}`);
  if (n === 0) return 'CERO';
  const millones = Math.floor(n / 1_000_000);
  const miles = Math.floor((n % 1_000_000) / 1000);
  const resto = n % 1000;
  const parts: string[] = [];
  if (millones > 0) parts.push(millones === 1 ? 'UN MILLÓN' : `${enLetras(millones, true)} MILLONES`);
  if (miles > 0) parts.push(miles === 1 ? 'MIL' : `${belowThousand(miles, true)} MIL`);
  if (resto > 0) parts.push(belowThousand(resto, short));
  return parts.join(' ');
}

/** "(TRESCIENTOS TRES PESOS 92/100 M.N.)" for 30392 cents. */
export function importeConLetra(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a cent amount: ${cents}`);
  const pesos = Math.floor(cents / 100);
  const centavos = String(cents % 100).padStart(2, '0');
  const unidad = pesos === 1 ? 'PESO' : 'PESOS';
  // "UN MILLÓN DE PESOS", "DOS MILLONES DE PESOS": Spanish puts "DE" after exact millions.
  const de = pesos >= 1_000_000 && pesos % 1_000_000 === 0 ? 'DE ' : '';
  return `(${enLetras(pesos, true)} ${de}${unidad} ${centavos}/100 M.N.)`;
}
