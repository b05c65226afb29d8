import { describe, expect, it } from 'vitest';
import { readItems } from '../../src/receipts/extract/extract.items.js';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { toLines } from '../../src/receipts/extract/extract.text.js';
import { ocr } from './extract.helpers.js';

/** The items of a ticket, fitted to `targets` (none: as read). */
const items = (text: string, targets: Array<number | null> = []) => readItems(toLines(text)).fitTo(targets);
const TODAY = new Date('2026-11-22T12:00:00Z');

describe('items: layouts', () => {
  it('reads a fuel ticket’s labelled blocks: product, litres, price per litre, amount', () => {
    const text = [
      'BOMBA: 06 ISLA: 6',
      'PRODUCTO: MAGNA',
      'LITROS: 42.669',
      'PRECIO/LITRO: $24.11',
      'IMPORTE: $1,028.75',
      'PRODUCTO: ADITIVO',
      '1 xX 93.47 93.47',
      'TOTAL M.N. 1,122.22',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'MAGNA', quantity: 42.669, amount: 102875 },
      { description: 'ADITIVO', quantity: 1, amount: 9347 },
    ]);
  });

  it("reads `IMPORTE` over the tax and the TOTAL as the items' subtotal, not as a header above them", () => {
    const { fields } = extractFields(ocr('amounts/reads-importe-over-the-tax-as-the-subtotal'), TODAY);
    expect(fields).toMatchObject({ subtotal: 29019, iva: 1375, total: 30394 });
    expect(fields.items?.map((i) => [i.description, i.quantity, i.amount])).toEqual([
      ['LORATADINA 10MG', 1, 4690],
      ['PARACETAMOL 500MG 20TAB', 3, 15735],
      ['GASAS ESTERILES', 2, 8594],
    ]);
  });

  it("ends the items at the included tax's line whose label is garbled, and takes the total paid less change", () => {
    const { fields } = extractFields(ocr('amounts/ends-the-items-at-an-included-tax-line-garbled'), TODAY);
    expect(fields.items?.map((i) => i.amount)).not.toContain(199377);
    expect(fields.total).toBe(1445481);
  });

  it("keeps a fuel sale's `IMPORTE` for the sale: no item made of its price lines, the items after it kept", () => {
    for (const fuel of [
      [
        'COMBUSTIBLE: MAGNA',
        'CANTIDAD: 20.000 LTS',
        'PRECIO UNITARIO: $23.45',
        'IMPORTE: $469.00',
        'TOTAL: $469.00',
      ],
      ['MAGNA 20.000 LTS', 'P.U. $23.45', 'IMPORTE: $469.00', 'TOTAL: $469.00'],
    ])
      expect(items(fuel.join('\n'))).toEqual([]);
    const text = [
      'PRODUCTO: MAGNA',
      'LITROS: 20.000',
      'PRECIO/LITRO: $23.45',
      'IMPORTE: $469.00',
      'IVA INCLUIDO',
      '1 ACEITE MOTOR 1L $189.00',
      'TOTAL M.N. $658.00',
    ].join('\n');
    expect(items(text).map((i) => i.description)).toEqual(['MAGNA', 'ACEITE MOTOR 1L']);
  });

  it('takes the quantity line under an item whatever OCR made of the times sign, and a sold-by unit', () => {
    const text = [
      'CANT DESCRIPCION IMPORTE',
      'MARTILLO UNA 16OZ 305.80A',
      '2 Q 152.90',
      'CABLE CAL 12M 238.68 A',
      '17 0 14.04',
      'POLLO ENTERO 62.14',
      '0.847 € 73.37',
      'TORTILLA KG 51.91',
      '2.410 KG X $21.54',
      'TOTAL 658.53',
    ].join('\n');
    expect(items(text).map((i) => i.quantity)).toEqual([2, 17, 0.847, 2.41]);
  });

  it('reads `1 XxX 22.07 22.07` under a description as that item, not an item called XXX', () => {
    const text = 'FOLIO B85509\nHIELO 5KG\n1X 35.50 35.50\nPAPAS FRITAS 45G\n1 XxX 22.07 22.07\nTOTAL 57.57';
    expect(items(text)).toEqual([
      { description: 'HIELO 5KG', quantity: 1, amount: 3550 },
      { description: 'PAPAS FRITAS 45G', quantity: 1, amount: 2207 },
    ]);
  });

  it('does not take a product word for a header word (AISLAR is no ISLA, TRANSP no TRANS, a priced CAJA)', () => {
    const text = 'CAJERO: ANA K.\nMARTILLO UNA 16OZ 659.60 A\nCINTA AISLAR 18M 21.12 A\nTOTAL 680.72';
    expect(items(text).map((i) => i.description)).toEqual(['MARTILLO UNA 16OZ', 'CINTA AISLAR 18M']);
    const more = [
      'SUC 2865 CAJA 7 OP 871',
      'TRANS. 3701177',
      '7 CABLE CAL 12 M 17.15 120.05',
      '1 SILICON TRANSP 280ML 86.50 86.50',
      '1 CAJA ORGANIZADORA 149.00 149.00',
      '1 TUBO PVC 1/2 6M 55.00 55.00',
      'TOTAL 410.55',
    ].join('\n');
    expect(items(more).map((i) => i.description)).toEqual([
      'CABLE CAL 12 M',
      'SILICON TRANSP 280ML',
      'CAJA ORGANIZADORA',
      'TUBO PVC 1/2 6M',
    ]);
  });

  it('tells the quantity from a number in the description by quantity × unit price', () => {
    // `2L` read as `21`: the leading 4 is the quantity (4 × 38.38 = 153.52), 21 stays in the description.
    expect(items('CANT DESCRIPCION P.UNIT IMPORTE\n4 REFRESCO 21 38.38 153.52')).toEqual([
      { description: 'REFRESCO 21', quantity: 4, amount: 15352 },
    ]);
    // No leading number: the one before the unit price is the quantity, as before.
    expect(items('CANT DESCRIPCION\nREFRESCO 2L 4 X 38.38 153.52')[0]?.quantity).toBe(4);
  });

  it('reads `26 41.66` under an item as 2 @ 41.66 only where the arithmetic says so', () => {
    const base = 'CANT DESCRIPCION\nYOGURT BEBIBLE 1L 83.32\n';
    expect(items(`${base}26 41.66`)[0]?.quantity).toBe(2);
    expect(items(`${base}4 8 20.83`)[0]?.quantity).toBe(4);
    expect(items(`${base}26 40.00`)[0]?.quantity).toBe(1); // 2 × 40.00 is not 83.32: no quantity taken
  });
});

describe('items: weighed goods', () => {
  it('takes a weight opening the line for the quantity, not a price, and gives back its lost third decimal', () => {
    const text =
      'CANT DESCRIPCION P.UNIT IMPORTE\n0.35 TORTILLA KG 23.79 8.40\n1.55 POLLO ENTERO 73.43 113.67';
    expect(items(text)).toEqual([
      { description: 'TORTILLA KG', quantity: 0.353, amount: 840 },
      { description: 'POLLO ENTERO', quantity: 1.548, amount: 11367 },
    ]);
    // A weight read right stays; a whole quantity is never made a weight.
    expect(items('CANT DESCRIPCION\n0.84 POLLO ENTERO 73.43 61.68')[0]?.quantity).toBe(0.84);
    expect(items('CANT DESCRIPCION\n2 REFRESCO 38.38 76.80')[0]?.quantity).toBe(2); // 76.80 / 38.38 = 2.001
  });
});

describe('items: line totals put right by the total', () => {
  it('repairs a barred zero read as 8 (or as two glyphs) when exactly one repair adds up', () => {
    const text = [
      'CANT DESCRIPCION P.UNIT IMPORTE',
      '1 SUERO ORAL 625ML 25.01 25.01',
      '2 GASAS ESTERILES 38.080 76.800',
      '1 VITAMINA C 1G 10T 58.50 58.50',
      'TOTAL $159.51',
    ].join('\n');
    expect(items(text, [15951]).map((i) => i.amount)).toEqual([2501, 7600, 5850]);
    // Through extractFields: the total is read first, then the items are fitted to it.
    expect(extractFields(text, TODAY).fields.items.map((i) => i.amount)).toEqual([2501, 7600, 5850]);
  });

  it('takes quantity × unit price over a line total it contradicts when that adds up', () => {
    const text = 'IBUPROFENO 400MG\n4 X 65.89 263.56\nALCOHOL 250ML\n2 X 38.90 717.88\nTOTAL 341.36';
    expect(items(text, [34136]).map((i) => i.amount)).toEqual([26356, 7780]);
  });

  it('drops a digit of a line total read twice when only that adds up, and gives the weight back', () => {
    const text = [
      'CANT DESCRIPCION P.UNIT IMPORTE',
      '0.74 QUESO PANELA 126.83 924.36',
      '4 REFRESCO 2L 38.38 153.52',
      'TOTAL 247.88',
    ].join('\n');
    expect(items(text, [24788])).toEqual([
      { description: 'QUESO PANELA', quantity: 0.744, amount: 9436 },
      { description: 'REFRESCO 2L', quantity: 4, amount: 15352 },
    ]);
    // Two lines whose dropped digit would each add up: none taken.
    expect(items('CANT DESCRIPCION\nPAN 211.00\nLECHE 211.00', [23200]).map((i) => i.amount)).toEqual([
      21100, 21100,
    ]);
  });

  it('changes nothing when the items already add up, when no repair does, or when two repairs do', () => {
    const fine = 'CANT DESCRIPCION\nPAN BLANCO 38.00\nLECHE 20.00\nTOTAL 58.00';
    expect(items(fine, [5800]).map((i) => i.amount)).toEqual([3800, 2000]);
    expect(items('CANT DESCRIPCION\nPAN BLANCO 38.00\nLECHE 20.00', [9999]).map((i) => i.amount)).toEqual([
      3800, 2000,
    ]);
    // 18.00 + 10.00 = 28.00 can be 10.00 + 18.00 misread the other way: two equally good repairs, none taken.
    expect(items('CANT DESCRIPCION\nPAN 18.00\nLECHE 18.00', [2800]).map((i) => i.amount)).toEqual([
      1800, 1800,
    ]);
  });
});

describe('items: what must not be fitted or read as an item', () => {
  const H = 'CANT DESCRIPCION IMPORTE\n';
  const amounts = (text: string, targets: Array<number | null>) =>
    items(H + text, targets).map((i) => i.amount);

  it('leaves the items alone when savings, points or a discount sit among them, and reads those as no item', () => {
    expect(amounts('LECHE LALA 1L 28.50\nPAN BIMBO 45.00\nAHORRO 8.00\nTOTAL 73.50', [7350])).toEqual([
      2850, 4500,
    ]);
    expect(
      amounts('CAFE AMERICANO 35.00\nPAN DULCE 18.00\nPUNTOS GANADOS 5.30\nTOTAL 53.00', [5300]),
    ).toEqual([3500, 1800]);
    expect(
      amounts('1 TACOS PASTOR 191.50\n2 AGUA JAMAICA 85.00\nDESCUENTO -45.00\nTOTAL 231.50', [23150]),
    ).toEqual([19150, 8500]);
  });

  it('fits to the total without the tip, and not past a few slips (a line not read is no misread digit)', () => {
    const text = '1 TACOS PASTOR 53.00\n2 AGUA JAMAICA 46.50\nPROPINA 15.00\nTOTAL 114.50';
    expect(amounts(text, [11450, null, 9950])).toEqual([5300, 4650]);
    const fields = extractFields(H + text, TODAY).fields;
    expect(fields.items.map((i) => i.amount)).toEqual([5300, 4650]);
    // 58.00 + 139.00 = 197.00 against 240.00: four slips would make it add up; none is taken.
    expect(amounts('1 TACOS PASTOR 58.00\n2 AGUA JAMAICA 139.00\nTOTAL 240.00', [24000])).toEqual([
      5800, 13900,
    ]);
  });

  it('takes the target the fewest slips reach: items before tax add up to the subtotal', () => {
    const text =
      'LECHE LALA 59.58\nPAN BIMBO 32.00\nACEITE 166.50\nSUBTOTAL 258.00\nIVA 16% 41.28\nTOTAL 299.28';
    expect(amounts(text, [29928, 25800])).toEqual([5950, 3200, 16650]);
  });

  it('does not take a column header PRODUCTO for a fuel product', () => {
    const text =
      'PRODUCTO CANT PRECIO IMPORTE\nCOCA COLA 600ML\n2 X 18.50 37.00\nSABRITAS 45G\n1 X 18.00 18.00\nTOTAL 55.00';
    expect(items(text)).toEqual([
      { description: 'COCA COLA 600ML', quantity: 2, amount: 3700 },
      { description: 'SABRITAS 45G', quantity: 1, amount: 1800 },
    ]);
  });

  it('reads a three-decimal number as a misread amount only where an amount belongs', () => {
    expect(amounts('JAMON VIRGINIA 37.25\nPESO NETO 0.250\nQUESO OAXACA 45.50\nTOTAL 82.75', [8275])).toEqual(
      [3725, 4550],
    );
    expect(amounts('LAVADORA MABE 16KG 8,499.00\nTOTAL 8,499.00', [849900])).toEqual([849900]);
    expect(amounts('LAVADORA MABE 16KG 8,499', [])).toEqual([]); // a whole number with a thousands comma: no price
    expect(amounts('FOCO LED 9W 82.728 A\n2 E 41.39\nTOTAL 82.78', [8278])).toEqual([8278]);
  });

  it('keeps a price printed alone under its description with a tax letter (`38.00 E`)', () => {
    expect(items('PAN BLANCO\n38.00 E\nLECHE ENTERA\n20.00 E\nTOTAL 58.00')).toEqual([
      { description: 'PAN BLANCO', quantity: 1, amount: 3800 },
      { description: 'LECHE ENTERA', quantity: 1, amount: 2000 },
    ]);
  });
});

describe('items: layouts of generated tickets', () => {
  it('reads a quantity with its unit and no times sign (`4 PZA 1,499.00 5,996.00`, `7.5M 22.90 171.75`)', () => {
    const text = [
      'FOLIO: NV-734199',
      'TALADRO PERCUTOR 1/2',
      '4 PZA 1,499.00 5,996.00',
      'MANGUERA 1/2 PULG',
      '7.5M 22.90 171.75',
      'BROCHA 4 PULG',
      '2PZA 65.00 130.00',
      'TOTAL $6,297.75',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'TALADRO PERCUTOR 1/2', quantity: 4, amount: 599600 },
      { description: 'MANGUERA 1/2 PULG', quantity: 7.5, amount: 17175 },
      { description: 'BROCHA 4 PULG', quantity: 2, amount: 13000 },
    ]);
  });

  it('keeps a priced line with HORA as an item, a parking stay', () => {
    const text =
      'TICKET A-1320\nHORA ENTRADA: 11:50\nHORA SALIDA: 14:13\nTIEMPO 3 HORA(S) $75.00\nTOTAL A PAGAR $75.00';
    expect(items(text)).toEqual([{ description: 'TIEMPO 3 HORA(S)', quantity: 1, amount: 7500 }]);
    // The rate per hour above the stay is no item.
    const rate = 'BOLETO: 027243\nTARIFA: $18.00 / HORA\nESTACIONAMIENTO 4 HR $72.00\nTOTAL $72.00';
    expect(items(rate).map((i) => i.amount)).toEqual([7200]);
    // A weighed item's price per kilo is no rate.
    expect(items('CARNE MOLIDA RES\n2.076 KG X 169.00/KG $350.84\nTOTAL $350.84')).toEqual([
      { description: 'CARNE MOLIDA RES', quantity: 2.076, amount: 35084 },
    ]);
  });

  it('ends the items at a TOTAL whose amount wrapped onto the next line', () => {
    const text =
      'FOLIO: 769127\nPAN BIMBO\n1 x 52.00 52.00\nLECHE LALA\n2 x 29.00 58.00\nTOTAL:\n$110.00\nEFECTIVO: 200.00';
    expect(items(text).map((i) => i.description)).toEqual(['PAN BIMBO', 'LECHE LALA']);
  });

  it('reads the lines sold after a fuel block', () => {
    const text = [
      'PRODUCTO: PREMIUM',
      'LITROS: 29.555',
      'PRECIO: $25.00',
      'IMPORTE: $738.88',
      '1 ACEITE MOTOR 1L $189.00',
      'TOTAL M.N. $927.88',
    ].join('\n');
    expect(items(text)).toEqual([
      { description: 'PREMIUM', quantity: 29.555, amount: 73888 },
      { description: 'ACEITE MOTOR 1L', quantity: 1, amount: 18900 },
    ]);
  });
});
