/**
 * c_ClaveProdServ / c_ClaveUnidad for ticket lines. Tickets do not carry SAT keys, so only the cases we can
 * recognise with confidence get a specific key (fuel, which SAT audits); everything else uses 01010101
 * ("No existe en el catálogo"), which SAT accepts for goods without a better match.
 */
export interface Claves {
  claveProdServ: string;
  claveUnidad: string;
  unidad: string;
}

const FUEL: { re: RegExp; clave: string }[] = [
  { re: /\bDIESEL\b/, clave: '15101505' },
  { re: /\b(PREMIUM|SUPREMA|ROJA)\b/, clave: '15101515' },
  { re: /\b(MAGNA|GASOLINA|REGULAR|VERDE)\b/, clave: '15101514' },
];

export const GENERIC_PROD_SERV = '01010101';

export function clavesForItem(description: string, quantity: number): Claves {
  const d = description.toUpperCase();
  const fuel = FUEL.find((f) => f.re.test(d));
  if (fuel) return { claveProdServ: fuel.clave, claveUnidad: 'LTR', unidad: 'Litro' };
  if (!Number.isInteger(quantity))
    return { claveProdServ: GENERIC_PROD_SERV, claveUnidad: 'KGM', unidad: 'Kilogramo' };
  return { claveProdServ: GENERIC_PROD_SERV, claveUnidad: 'H87', unidad: 'Pieza' };
}

/** One concepto for the whole ticket: a service unit ("consumo"), not a count of pieces. */
export const WHOLE_TICKET: Claves = {
  claveProdServ: GENERIC_PROD_SERV,
  claveUnidad: 'E48',
  unidad: 'Unidad de servicio',
};
