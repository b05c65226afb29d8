import { type Line, moneyIn } from './extract.text.js';
import type { ReceiptItem } from './receipt.types.js';

const STOP = /SUB\s?-?TOTAL|\bTOTAL\b|\bIVA\b|\bI\.V\.A|\bIEPS\b|EFECTIVO|CAMBIO|TARJETA|PROPINA/;
const NOT_ITEM =
  /CANT|DESCRIPCION|IMPORTE|PRECIO\/|R\.?F\.?C|FECHA|HORA|FOLIO|TICKET|CAJA|MESA|MESERO|CAJERO|TEL\b|C\.P|BOMBA|ISLA|DESPACHADOR|PERMISO|PRODUCTO:|LITROS:|TRANS/;
// "2 X 30.46", "2 @ 16.00", "1X51.50", "3 e 36.00" (OCR reads @ as e).
const QTY_LINE = /^[^A-Z0-9]*(\d+(?:[.,]\d{1,3})?)\s?(?:X|@|E|\*)\s?\$?\d[\d,]*[.,]\d{2}/;
const BARCODE = /^\d{8,14}$/;

function describe(s: string): { desc: string; qty: number | null } {
  let t = s
    .replace(/\b\d{8,14}\b/g, ' ')
    .replace(/\s+[A-Z]$/, '')
    .trim();
  let qty: number | null = null;
  const lead = /^(\d+(?:[.,]\d{1,3})?)\s+(?=[A-Z])/.exec(t);
  if (lead?.[1]) {
    qty = Number(lead[1].replace(',', '.'));
    t = t.slice(lead[0].length);
  }
  t = t.replace(/^[^A-Z0-9(]+/, '').replace(/[^A-Z0-9)]+$/, '');
  return { desc: t.replace(/\s+/g, ' '), qty };
}

function itemZone(lines: Line[]): Line[] {
  const end = lines.findIndex((l) => STOP.test(l.norm) && moneyIn(l.norm).length > 0);
  const stop = end < 0 ? lines.length : end;
  let start = 0;
  for (let i = 0; i < stop; i++) if (NOT_ITEM.test(lines[i]?.norm ?? '')) start = i + 1;
  return lines.slice(start, stop);
}

/** Purchased lines: description, quantity and line total (last amount on the line). */
export function extractItems(lines: Line[]): ReceiptItem[] {
  const zone = itemZone(lines);
  const items: ReceiptItem[] = [];
  let pendingDesc: string | null = null;
  for (const l of zone) {
    const text = l.norm;
    if (BARCODE.test(text.replace(/\s/g, ''))) continue;
    const money = moneyIn(text);
    const q = QTY_LINE.exec(text);
    if (q?.[1]) {
      const qty = Number(q[1].replace(',', '.'));
      const last = items[items.length - 1];
      if (money.length >= 2 && pendingDesc) {
        items.push({ description: pendingDesc, quantity: qty, amount: money[money.length - 1]?.cents ?? 0 });
      } else if (last && !pendingDesc) last.quantity = qty;
      else if (pendingDesc && money.length === 1) {
        items.push({ description: pendingDesc, quantity: qty, amount: money[0]?.cents ?? 0 });
      }
      pendingDesc = null;
      continue;
    }
    if (!money.length) {
      const d = describe(text).desc;
      pendingDesc = /[A-Z]{2,}/.test(d) ? d : pendingDesc;
      continue;
    }
    // "DESC 2 X 95.00 190.00": the number before the unit price is the quantity.
    const before = text.slice(0, money[0]?.at ?? 0);
    const trail = money.length >= 2 ? /\s(\d+(?:[.,]\d{1,3})?)\s?(?:X|@|\*)?\s*\$?\s*$/.exec(before) : null;
    const parsed = describe(trail ? before.slice(0, trail.index) : before);
    const desc = parsed.desc;
    const qty = trail?.[1] ? Number(trail[1].replace(',', '.')) : parsed.qty;
    const amount = money[money.length - 1]?.cents ?? 0;
    if (/[A-Z]{2,}/.test(desc)) items.push({ description: desc, quantity: qty ?? 1, amount });
    else if (pendingDesc) items.push({ description: pendingDesc, quantity: qty ?? 1, amount });
    pendingDesc = null;
  }
  return items;
}
