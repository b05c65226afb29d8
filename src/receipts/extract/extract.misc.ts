import type { PaymentMethod } from '../receipt.types.js';
import type { Line } from './extract.text.js';
import { CARD_WORDS, CASH_WORDS, moneyIn, withKnownWords } from './extract.text.js';

export interface Found<T> {
  value: T | null;
  confidence: number;
}

const TR_HASH = String.raw`TR(?:[#EF%H£*]|4(?=\s|[A-Z]{1,3}-?\d|\d{3})|[AI]T?)`;
const HASH = String.raw`(?:[#%$*£+]{1,2}(?:4(?=\s))?|4(?=\s(?:\d{5}|[A-Z]{1,3}-?\d)))?`;
/** Folio labels and their value: a series (`FV`, `B-`), then a number whose first character is `first`. */
const folioLabels = (first: string): [RegExp, RegExp] => [
  new RegExp(
    String.raw`\b(?:NO\.?\s?DE\s?)?(TICKET|FOLIO|TRANSACCION|TRANS|TRX|${TR_HASH}(?=\s?(?:[A-Z]{1,3}-?)?\d)|TR|NOTA\s?(?:DE\s?VENTA\s?)?NO|NOTA|CUENTA|ORDEN|(?<!TOTAL\s?|FECHA\s(?:DE\s)?)VENTA|OPERACION|REF|REFERENCIA|TKT|TK|CHEQUE(?=\s?[:#*$%+£]|\s4\s))(?=[\s:#.]|(?<=${TR_HASH}))\s?(?:NO\.?|NUM\.?|#)?\s?[:#.,]?\s?${HASH}\s?(?![\d,]+[.,]\d{2}\b)([A-Z]{0,3}-?${first}[\dA-Z-]{2,})`,
  ),
  // Labels that name a ticket only where no other label does (a restaurant prints COMANDA beside its FOLIO).
  new RegExp(
    String.raw`\b(BOLETO|REMISION|COMANDA)(?=[\s:#.])\s?(?:NO\.?|NUM\.?|#)?\s?[:#.]?\s?#?\s?([A-Z]{0,3}-?${first}[\dA-Z-]{2,})`,
  ),
];
const FOLIO_LABELS = folioLabels(String.raw`\d`);

/** A folio label with a letter read as a digit (`T1CKET`, `N0TA`, `TRAN5ACCION`), put back. */
const LABEL_WORDS = new Set('TICKET FOLIO TRANSACCION TRANS NOTA CUENTA ORDEN VENTA OPERACION'.split(' '));

/** A folio's look-alike letters among or opening its digits put back (`98O53`, `O085277`); a series stays (`FV334760`). */
function mendFolio(value: string): string {
  const m = /^([A-Z]{1,3}-|[A-Z]{2,3}(?=\d)|[A-HJ-NP-Z](?=\d))?(.*)$/.exec(value);
  const [series, rest] = [m?.[1] ?? '', m?.[2] ?? value];
  const digits = rest.replace(/(?<=\d|^)[OILS]|[OILS](?=\d)/g, (ch) =>
    ch === 'S' ? '5' : /[IL]/.test(ch) ? '1' : '0',
  );
  return series + digits;
}

/** The labels with a value whose first digit may read as a letter (`TICKET No. B-I2648`, `FOLIO No. O036093`). */
const LOOSE_LABELS = folioLabels(String.raw`[\dOI]`);

/** Labels that name the ticket itself (a folio after another, `VENTA`, `REF`, is less sure). */
const STRONG_LABEL = new RegExp(
  `TICKET|FOLIO|TRANSACCION|NOTA|CUENTA|${TR_HASH}|CHEQUE|BOLETO|REMISION|COMANDA`,
);

/** Ticket identifier as printed after its label. */
export function extractFolio(lines: Line[]): Found<string> {
  for (const [k, label] of FOLIO_LABELS.entries()) {
    for (const l of lines) {
      if (/FOLIO FISCAL|FACTURACION:|AUT|AFILIACION|UUID/.test(l.norm)) continue;
      const norm = withKnownWords(l.norm, LABEL_WORDS);
      const m = label.exec(norm) ?? LOOSE_LABELS[k]?.exec(norm);
      const value = m?.[2] ? mendFolio(m[2].replace(/-$/, '')) : '';
      if ((value.match(/\d/g)?.length ?? 0) >= 3)
        return { value, confidence: STRONG_LABEL.test(norm) ? 0.85 : 0.6 };
    }
  }
  return { value: null, confidence: 0 };
}

const CP = /\bC\.?\s?P\.?\s?[:.]?\s?([0-9OIL]{5})(?!\d)|CODIGO POSTAL\s?:?\s?(\d{5})/;

/** `C.P.` ending its line: the code wrapped onto the next one, alone there. */
const CP_AT_END = /\bC\.?\s?P\.?\s?[:.]?$|CODIGO POSTAL\s?:?$/;

/** Where the store itself is (`SUCURSAL:`, `EXPEDIDO EN:`): a chain prints its head office first, the branch after. */
const BRANCH = /\bSUCURSAL\b|\bSUC\b\.?\s?:?\s?[A-Z]|EXPEDIDO EN|LUGAR DE EXPEDICION/;
/** Not a branch's address: an ad (`VALIDO EN CUALQUIER SUCURSAL`), a branch number by the till's. */
const NOT_BRANCH = /CUALQUIER|\bTU SUCURSAL|NUESTRAS?\b|\bNO\.?\s?(?:DE\s)?SUCURSAL|\bCAJA\b|\bTERMINAL\b/;
/** How far below its branch label the branch's C.P. may be printed (name, street, colonia, city, C.P.). */
const BRANCH_REACH = 4;
/** `LUGAR DE EXPEDICION: 84402`: SAT's place of issue, the branch's C.P. with no C.P. label. */
const ISSUED_AT = /(?:LUGAR DE EXPEDICION|EXPEDIDO EN)\s?:?\s?(?:C\.?\s?P\.?\s?:?\s?)?(\d{5})(?!\d)/;

/** The store's C.P.: SAT's place of issue, else the first a few lines below a branch label, else the first. */
export function extractPostalCode(lines: Line[]): Found<string> {
  for (const l of lines) {
    const issued = ISSUED_AT.exec(l.norm)?.[1];
    if (issued) return { value: issued, confidence: 0.9 };
  }
  const codes: Array<{ at: number; value: string; confidence: number }> = [];
  for (const [i, l] of lines.entries()) {
    const next = lines[i + 1]?.norm ?? '';
    const m = CP.exec(CP_AT_END.test(l.norm) && /^\d{5}$/.test(next) ? `${l.norm} ${next}` : l.norm);
    const raw = m?.[1] ?? m?.[2];
    if (!raw) continue;
    const v = raw.replace(/O/g, '0').replace(/[IL]/g, '1');
    codes.push({ at: i, value: v, confidence: v === raw ? 0.9 : 0.6 });
  }
  const branch = lines.findIndex((l) => BRANCH.test(l.norm) && !NOT_BRANCH.test(l.norm));
  const pick =
    (branch >= 0 ? codes.find((c) => c.at >= branch && c.at <= branch + BRANCH_REACH) : undefined) ??
    codes[0];
  return pick ? { value: pick.value, confidence: pick.confidence } : { value: null, confidence: 0 };
}

const CARD = new RegExp(
  String.raw`${CARD_WORDS}|\bTARJ\b|MASTER\s?CARD|AMERICAN EXPRESS|\bCREDITO\b|\bTPV\b|BANCARIA`,
);
const CASH = new RegExp(CASH_WORDS);
/** What a shop says it accepts (`ACEPTAMOS TARJETAS DE CREDITO`) is not how this ticket was paid. */
const ACCEPTS = /\bACEPTA(?:MOS|N)?\b|\bSE ACEPTAN\b/;
// Not a restaurant's bill number (`CHEQUE: FV334760`, see FOLIO_LABELS).
const OTHER =
  /\bVALES?\b|TRANSFERENCIA|SPEI|MONEDERO|CHEQUE(?!\s?[:#])|CODI\b|PAYPAL|MERCADO PAGO|PAGO CON PUNTOS/;
/** A balance or points line (`SALDO MONEDERO`) is not how they paid, unless it says it paid (`PAGO CON SALDO`). */
const BALANCE = /\bSALDO\b|PUNTOS|ACUMUL|GANASTE|BONIFICA/;
const PAID_WITH = /\bPAGO\b|\bVALES?\b/;
/** Change handed back, or what the customer handed over: cash, when no other way of paying is named. */
const CHANGE = /\bCAMBIO\b|\bSU PAGO\b|\bRECIBIDO\b|\bCHANGE\b/;
/** SAT's c_FormaPago, printed as a code: 01 cash; 04, 28, 29 cards; any other code another way. */
const FORMA_PAGO = /FORMA DE PAGO\s?:?\s?(\d{2})\b/;

/** A SAT payment code, else the keyword (cash, card, other); change given back with no keyword means cash. */
export function extractPayment(lines: Line[]): Found<PaymentMethod> {
  let [cash, card, other, change] = [-1, -1, -1, false];
  for (const [i, l] of lines.entries()) {
    if (
      /PROPINA SUGERIDA|SUGERENCIA DE PROPINA|FACTUR/.test(l.norm) ||
      (ACCEPTS.test(l.norm) && !moneyIn(l.norm).length)
    )
      continue;
    // 99 is SAT's `por definir`: it says nothing.
    const code = FORMA_PAGO.exec(l.norm)?.[1];
    if (code && code !== '99')
      return {
        value: code === '01' ? 'cash' : ['04', '28', '29'].includes(code) ? 'card' : 'other',
        confidence: 0.9,
      };
    if (CASH.test(l.norm) && cash < 0) cash = i;
    if (CARD.test(l.norm) && card < 0) card = i;
    const balance = BALANCE.test(l.norm) && !PAID_WITH.test(l.norm);
    if (OTHER.test(l.norm) && !balance && other < 0) other = i;
    // Change of 0.00 is printed after a card payment too.
    if (CHANGE.test(l.norm) && moneyIn(l.norm).some((m) => m.cents > 0)) change = true;
  }
  const hits = (['cash', 'card', 'other'] as const)
    .map((m, k) => ({ m, i: [cash, card, other][k] ?? -1 }))
    .filter((h) => h.i >= 0);
  if (!hits.length) return change ? { value: 'cash', confidence: 0.6 } : { value: null, confidence: 0 };
  if (hits.length === 1) return { value: hits[0]?.m ?? null, confidence: 0.9 };
  // Several keywords: the one that carries an amount wins, else the first printed.
  const withAmount = hits.filter((h) => moneyIn(lines[h.i]?.norm ?? '').length > 0);
  const pick = (withAmount.length ? withAmount : hits).sort((a, b) => a.i - b.i)[0];
  return { value: pick?.m ?? null, confidence: 0.6 };
}

const REGIMEN_NAMES: Array<[RegExp, string]> = [
  [/GENERAL DE LEY/, '601'],
  [/FINES NO LUCRATIVOS/, '603'],
  [/ARRENDAMIENTO/, '606'],
  [/ACTIVIDADES EMPRESARIALES/, '612'],
  [/INCORPORACION FISCAL/, '621'],
  [/SIMPLIFICADO DE CONFIANZA|\bRESICO\b/, '626'],
  [/PLATAFORMAS TECNOLOGICAS/, '625'],
  [/COORDINADOS/, '624'],
];

/** SAT regime code when the ticket prints one (as a code or by name). */
export function extractRegimen(lines: Line[]): Found<string> {
  const i = lines.findIndex((l) => /REGIMEN/.test(l.norm));
  if (i < 0) return { value: null, confidence: 0 };
  const text = `${lines[i]?.norm ?? ''} ${lines[i + 1]?.norm ?? ''}`;
  const code = /\b(6[0-2]\d)\b/.exec(text)?.[1];
  if (code) return { value: code, confidence: 0.9 };
  for (const [re, c] of REGIMEN_NAMES) if (re.test(text)) return { value: c, confidence: 0.7 };
  return { value: null, confidence: 0 };
}
