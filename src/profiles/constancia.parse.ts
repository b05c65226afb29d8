import { isValidRfc, normalizeRfc } from '../catalogs/rfc.js';
import { REGIMENES_FISCALES } from '../catalogs/sat.catalogs.js';
import { AppError } from '../errors.js';

/** What a Constancia de Situación Fiscal says about its taxpayer. */
export interface ConstanciaData {
  rfc: string;
  /** Nombre(s) and apellidos of a persona física, or the razón social without régimen capital, as printed. */
  name: string;
  postal_code: string;
  /** c_RegimenFiscal codes of the regímenes in force, in the printed order. */
  regimenes: string[];
  /** YYYY-MM-DD. */
  issued_on: string;
}

const notConstancia = () =>
  new AppError('UnprocessableDocument', 'The PDF is not a Constancia de Situación Fiscal issued by SAT');

/** The value after `label:` in its own cell (up to the next tab); empty when the cell is empty. */
function field(lines: string[], label: RegExp): string | undefined {
  for (const line of lines) {
    const m = new RegExp(`(?:^|\\t)${label.source}\\s*:\\s*\\t?([^\\t]*)`, 'i').exec(line);
    if (m) return (m[1] ?? '').replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const STOP = new Set([
  'regimen',
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
  'a',
  'con',
  'en',
  'por',
  'o',
]);
const words = (s: string) =>
  new Set(
    fold(s)
      .split(/[^a-z]+/)
      .filter((w) => w && !STOP.has(w)),
  );

/**
 * SAT prints the régimen's long name ("Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios"); the
 * catalog's description is the same name less the "Régimen de…" lead. The entry all of whose words appear,
 * with the fewest words left over, is the one.
 */
export function regimenCode(printed: string): string | undefined {
  const have = words(printed);
  let best: { code: string; extra: number } | undefined;
  for (const r of REGIMENES_FISCALES) {
    const want = words(r.descripcion);
    if (![...want].every((w) => have.has(w))) continue;
    const extra = have.size - want.size;
    if (!best || extra < best.extra) best = { code: r.code, extra };
  }
  return best?.code;
}

const DATE_RE = /\b\d{2}\/\d{2}\/\d{4}\b/g;

/** Rows of the "Regímenes:" table still in force: a row with a Fecha Fin ended. */
function regimenes(lines: string[]): string[] {
  const start = lines.findIndex((l) => /^reg[ií]menes\s*:/i.test(l));
  if (start < 0) return [];
  const codes: string[] = [];
  let pending = '';
  for (const line of lines.slice(start + 1)) {
    if (/^obligaciones\s*:/i.test(line)) break;
    if (/^r[ée]gimen\tfecha inicio/i.test(line)) continue;
    const dates = line.match(DATE_RE) ?? [];
    pending = `${pending} ${line.replace(DATE_RE, '')}`;
    if (dates.length === 0) continue; // a name wrapped onto the next line
    const code = regimenCode(pending);
    if (code && dates.length === 1 && !codes.includes(code)) codes.push(code);
    pending = '';
  }
  return codes;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** "Lugar y Fecha de Emisión": `CUAUHTÉMOC , CIUDAD DE MÉXICO A 15 DE ENERO DE 2025`. */
function issuedOn(text: string): string | undefined {
  const m = /\bA\s+(\d{1,2})\s+DE\s+([A-Za-zÁÉÍÓÚáéíóú]+)\s+DE\s+(\d{4})\b/.exec(text);
  const month = m ? MONTHS.indexOf(fold(m[2] ?? '')) + 1 : 0;
  if (!m || month === 0) return undefined;
  return `${m[3]}-${String(month).padStart(2, '0')}-${(m[1] ?? '').padStart(2, '0')}`;
}

function taxpayerName(lines: string[]): string | undefined {
  const razon = field(lines, /Denominaci[óo]n\s*\/\s*Raz[óo]n Social/);
  if (razon) return razon;
  const parts = [
    field(lines, /Nombre\s*\(s\)/),
    field(lines, /Primer Apellido/),
    field(lines, /Segundo Apellido/),
  ];
  if (!parts[0] || !parts[1]) return undefined;
  return parts.filter(Boolean).join(' ');
}

/** Reads the text lines of a Constancia; anything that is not one (or lacks a key field) is refused. */
export function parseConstancia(lines: string[]): ConstanciaData {
  const text = lines.join('\n');
  if (!/CONSTANCIA DE SITUACI[ÓO]N FISCAL/i.test(text) || !/Datos de Identificaci[óo]n/i.test(text)) {
    throw notConstancia();
  }
  const rfc = normalizeRfc(field(lines, /RFC/) ?? '');
  const name = taxpayerName(lines);
  const postal = field(lines, /C[óo]digo Postal/) ?? '';
  const issued = issuedOn(text);
  const codes = regimenes(lines);
  if (!isValidRfc(rfc) || !name || !/^\d{5}$/.test(postal) || !issued || codes.length === 0) {
    throw notConstancia();
  }
  return { rfc, name, postal_code: postal, regimenes: codes, issued_on: issued };
}
