import type { Awaiting } from './review.cards.repo.js';

type Field = NonNullable<Awaiting>;

const NAME: Record<Field, string> = { vendor_rfc: 'el RFC', total: 'el total', date: 'la fecha' };
const EXAMPLE: Record<Field, string> = {
  vendor_rfc: 'ABC010101AB1',
  total: '1,234.50',
  date: '15/03/2025',
};
const INVALID: Record<Field, string> = {
  vendor_rfc: 'Ese RFC no es válido: son 12 o 13 caracteres y su último dígito debe cuadrar.',
  total: 'Ese total no es válido: escribe un importe mayor que 0 con hasta 2 decimales.',
  date: 'Esa fecha no es válida: escríbela como día/mes/año; no puede ser futura ni de hace más de un año.',
};

/** The review card's sentences, in Spanish (Mexico). */
export const reviewMsg = {
  ask: (f: Field, label: string, typed: boolean) =>
    `${typed ? `Sobre ${label}: ` : ''}escribe ${NAME[f]} correcto${f === 'date' ? 'a' : ''}, p. ej. ${EXAMPLE[f]}.`.replace(
      /^./,
      (c) => c.toUpperCase(),
    ),
  invalid: (f: Field) => INVALID[f],
  corrected: (f: Field, label: string) => `Listo: corregí ${NAME[f]} de ${label}.`,
  confirmed: (label: string) => `👍 Confirmaste ${label}. Te la envío en cuanto esté lista.`,
  closed: (label: string, state: string) =>
    `Esa factura ya no espera respuesta (${state}): no cambié nada de ${label}.`,
  unknownCard: () => 'No encontré esa factura entre las tuyas.',
  cancelled: (label: string, left: string) => `Cancelé ${label}. Tu crédito fue devuelto; ${left}.`,
  expired: (label: string, left: string) =>
    `⌛ ${label.replace(/^./, (c) => c.toUpperCase())} venció sin que la confirmaras, así que no la emití. Tu crédito fue devuelto; ${left}.`,
};
