import { describe, expect, it } from 'vitest';
import { extractDateTime } from '../../src/receipts/extract/extract.dates.js';
import { extractFields } from '../../src/receipts/extract/extract.js';
import { lines, read, TODAY, ticket } from './extract.helpers.js';

describe('layouts of generated ticket text and of real foreign receipts', () => {
  it('takes `TOTAL (IVA INCLUIDO)` as the total, not as an IVA line', () => {
    const f = read(ticket('LECHE 1L 25.50\nPAN 10.00\nTOTAL (IVA INCLUIDO) 35.50\nPRECIOS CON IVA INCLUIDO'));
    expect(f.total).toBe(3550);
    expect(f.iva).toBeNull();
  });

  it('finds no card in words that hold VISA or AMEX, nor in what a shop says it accepts', () => {
    expect(
      read(ticket('TOTAL 18.50\nRECIBIDO 50.00\nCAMBIO 31.50\nFAVOR DE REVISAR SU MERCANCIA')).payment_method,
    ).toBe('cash');
    expect(
      read(ticket('TOTAL 18.50\nRECIBIDO 50.00\nCAMBIO 31.50\nACEPTAMOS TARJETAS DE CREDITO Y DEBITO'))
        .payment_method,
    ).toBe('cash');
    expect(read(ticket('TOTAL 18.50\nVISA ************1234 18.50')).payment_method).toBe('card');
  });

  it('takes no folio from TOTAL VENTA or FECHA DE VENTA, nor an amount as one', () => {
    expect(read(ticket('TOTAL VENTA $776.13\nCUENTA: 378-128605')).folio).toBe('378-128605');
    expect(read('FECHA DE VENTA: 2026-11-21 14:05\nTOTAL 10.00\nTICKET: 12345').folio).toBe('12345');
    // `NOTA DE VENTA: 11976` and `No. VENTA: 4411` keep theirs.
    expect(read(ticket('NOTA DE VENTA: 11976\nTOTAL 10.00')).folio).toBe('11976');
    expect(read(ticket('No. VENTA: 4411\nTOTAL 10.00')).folio).toBe('4411');
  });

  it("ends the items at a restaurant's CONSUMO before the tip, and reads a `$ ` unit price", () => {
    const f = extractFields(
      ticket('SOPA DE TORTILLA 84.42\nENCHILADAS 265.18\nCONSUMO 349.60\nPROPINA 41.95\nTOTAL 391.55'),
      TODAY,
    ).fields;
    expect(f.items.map((i) => i.description)).toEqual(['SOPA DE TORTILLA', 'ENCHILADAS']);
    expect(f.total).toBe(34960);
    const weighed = read(ticket('POLLO ENTERO\n2.235 KG X $ 56.75  $ 126.84\nTOTAL $ 126.84'));
    expect(weighed.items).toEqual([
      expect.objectContaining({ description: 'POLLO ENTERO', quantity: 2.235 }),
    ]);
  });

  it('reads the date after a time or a number glued to it by a dash', () => {
    const dt = (t: string) => extractDateTime(lines(t), TODAY);
    expect(dt('15:29:04    AGOSTO 20, 2026')).toMatchObject({ date: '2026-08-20', time: '15:29:04' });
    expect(dt('14:05 HRS   21 NOV 26')).toMatchObject({ date: '2026-11-21', time: '14:05' });
    expect(dt('ORD #07 -REG #19- 10/03/2025').date).toBe('2025-03-10');
    // `FECHA:21/11/2026` and a till number before a date are as before.
    expect(dt('FECHA:21/11/2026').date).toBe('2026-11-21');
    expect(dt('CAJA 3 5/11/2026').date).toBe('2026-11-05');
    expect(dt('VENTA AGOST0 20, 2026').date).toBe('2026-08-20');
  });

  it('reads an English CASH / CHANGE pair and skips TOTAL GST, TOTAL QTY and TOTAL SALES (EXCLUDING GST)', () => {
    const f = read(
      'TOTAL QTY: 2\nTOTAL SALES (EXCLUDING GST) : 20.00\nTOTAL GST : 1.20\nTOTAL : 21.20\nCASH 50.00\nCHANGE 28.80',
    );
    expect(f.total).toBe(2120);
    expect(f.payment_method).toBe('cash');
    expect(read('TOTAL AMOUNT 1.50\nCASH 2.00\nCHANGE 0.50').total).toBe(150);
  });

  it("puts back an I, S or B read as 1, 5 or 8 inside a name's words, and leaves a name's own numbers", () => {
    const f = read('MIN1SUPER LA PA5TORA\nMIN1SUPER LA PA5TORA SA DE CV\nRFC: MLP010203AB1\nTOTAL 10.00');
    expect(f.vendor_name).toBe('MINISUPER LA PASTORA SA DE CV');
    expect(f.vendor_store_name).toBe('MINISUPER LA PASTORA');
    expect(read('LA BO8EDA DEL 5 SA DE CV\nRFC: BDC010203AB1\nTOTAL 10.00').vendor_name).toBe(
      'LA BOBEDA DEL 5 SA DE CV',
    );
    expect(read('GRUPO 7 MARES SUPER 15 SA DE CV\nRFC: GMS010203AB1\nTOTAL 10.00').vendor_name).toBe(
      'GRUPO 7 MARES SUPER 15 SA DE CV',
    );
  });

  it("takes the branch's C.P. over the head office's printed before it, and SAT's place of issue first", () => {
    const head =
      'ABARROTES LA PALMA SA DE CV\nRFC: ALP010203AB1\nMATRIZ:\nAV. VALLARTA 264\nCOL. AMERICAS C.P. 99269\n';
    expect(read(`${head}SUCURSAL: 042\nBLVD. AVILA CAMACHO 2361\nC. P. 61875\nTOTAL 10.00`).postal_code).toBe(
      '61875',
    );
    expect(read(`${head}SUC. CENTRO\nCOL. OBRERA C.P. 24016\nTOTAL 10.00`).postal_code).toBe('24016');
    expect(
      read(
        'SUC. PLAZA DEL SOL\nLUGAR DE EXPEDICION: 84402\nDOMICILIO FISCAL:\nMERIDA, YUC. C.P. 87550\nTOTAL 1.00',
      ).postal_code,
    ).toBe('84402');
    // A branch number among the till's, below the address, moves nothing (a fiscal C.P. in the footer stays out).
    expect(
      read(
        'LA PALMA\nCOL. CENTRO C.P. 20348\nSUC 9187 CAJA 9 OP 666\nTOTAL 10.00\nDOMICILIO FISCAL C.P. 06600',
      ).postal_code,
    ).toBe('20348');
  });

  it('reads the quantity after the description under a DESCRIPCION CANT IMPORTE header, and a SKU as no quantity', () => {
    const items = (body: string) =>
      read(ticket(body)).items.map((i) => [i.description, i.quantity, i.amount] as const);
    expect(
      items(
        'DESCRIPCION CANT IMPORTE\nQUESADILLA 9 $314.19\nREFRESCO 600ML 1 $28.28\nCLAVO 2 1/2 2.625 $117.08\nTOTAL $459.55',
      ),
    ).toEqual([
      ['QUESADILLA', 9, 31419],
      ['REFRESCO 600ML', 1, 2828],
      ['CLAVO 2 1/2', 2.625, 11708],
    ]);
    // Without that header the number stays part of the description.
    expect(items('REFRESCO 600ML 1 $28.28\nTOTAL $28.28')).toEqual([['REFRESCO 600ML 1', 1, 2828]]);
    expect(items('279739 TOALLA BANO $177.89\n2 JABON ZOTE 30.00\nTOTAL $207.89')).toEqual([
      ['TOALLA BANO', 1, 17789],
      ['JABON ZOTE', 2, 3000],
    ]);
  });

  it('reads a date whose numbers or month word carry look-alike letters (`I3`, `0S`, `AGOST0`, `O2FEB24`)', () => {
    const date = (t: string) => extractDateTime(lines(t), TODAY).date;
    expect(date('FECHA: DICIEMBRE I3, 2025')).toBe('2025-12-13');
    expect(date('FECHA: VIERNES, I3 DE NOVIEMBRE DE 2026')).toBe('2026-11-13');
    expect(date('FECHA: 05/0S/2025  HORA: 16:34:22')).toBe('2025-05-05');
    expect(date('FECHA: 202S/02/21')).toBe('2025-02-21');
    expect(date('VIERNES, 14 DE AGOST0 DE 2026')).toBe('2026-08-14');
    expect(date('12:03 PM    DIC1EMBRE 21, 2024')).toBe('2024-12-21');
    expect(date('FECHA: O2FEB24')).toBe('2024-02-02');
    expect(date('2024-O3-17    10:00:21 PM')).toBe('2024-03-17');
    // Words without a digit stay words; a line with no date stays without one.
    expect(date('TACOS DOS SOL 1S 20.00')).toBeNull();
  });

  it("reads a persona física's name with a look-alike digit in it, and a name label whose colon was lost", () => {
    expect(read('TACOS RAMOS\nFRANC1SCO RAMOS TORRES\nRFC RATF851121AB1\nTOTAL 10.00').vendor_name).toBe(
      'FRANCISCO RAMOS TORRES',
    );
    expect(read('EL OASIS\nJUAN D0MINGUEZ JIMENEZ\nRFC. DOJJ300703415\nTOTAL 10.00').vendor_name).toBe(
      'JUAN DOMINGUEZ JIMENEZ',
    );
    expect(
      read(
        'RAPIDITO\nRAZON SOCIAL TIENDAS RAPIDITO JALISCIENSE,\nS.A. DE C.V.  R.F.C. TRJ470615ZUA\nTOTAL 1.00',
      ).vendor_name,
    ).toBe('TIENDAS RAPIDITO JALISCIENSE, S.A. DE C.V.');
    expect(
      read('MATERIALES LA PALA\nNOMBRE  ARTURO RIVERA SALAZAR\nRFC. RISA871203Z26\nTOTAL 1.00').vendor_name,
    ).toBe('ARTURO RIVERA SALAZAR');
  });

  it("keeps a name's ordinals, short brands and codes as printed (a review's cases)", () => {
    const name = (n: string) => read(`${n}\nRFC: RPI010203AB1\nTOTAL 1.00`).vendor_name;
    expect(name('RESTAURANTE 1ER PISO SA DE CV')).toBe('RESTAURANTE 1ER PISO SA DE CV');
    expect(name('TAQUERIA LA 5TA SA DE CV')).toBe('TAQUERIA LA 5TA SA DE CV');
    expect(name('TINTORERIAS 5ASEC SA DE CV')).toBe('TINTORERIAS 5ASEC SA DE CV');
    expect(name('REFACCIONES A1A SA DE CV')).toBe('REFACCIONES A1A SA DE CV');
    expect(name('ABARROTES 5ANCHEZ SA DE CV')).toBe('ABARROTES SANCHEZ SA DE CV');
  });

  it('keeps the first date, the store’s C.P. and the like when neighbouring rules could take another', () => {
    const dt = (t: string) => extractDateTime(lines(t), TODAY).date;
    // A label's letter read as a digit before its colon is no time; the first date stays first.
    expect(dt('FECH4:21/11/2026')).toBe('2026-11-21');
    expect(dt('FECHA 21/11/2826 ULT. COMPRA: 02/10/2026')).toBe('2026-11-21');
    expect(dt('FECHA: 21.11/2026 14:05 CAD: 12/05/2027')).toBe('2026-11-21');
    expect(dt('14:05 LOTE 12MAY27 21NOV26')).toBe('2026-11-21');
    // A branch number by the till's, or an ad naming branches, does not send the C.P. to the footer's.
    const footer = 'DOMICILIO FISCAL: AV. REFORMA 100\nCUAUHTEMOC, CDMX\nC.P. 06600';
    for (const till of ['SUCURSAL 0123 CAJA 02', 'VALIDO EN CUALQUIER SUCURSAL'])
      expect(read(`LA PALMA\nCOL. CENTRO C.P. 72000\n${till}\nTOTAL 10.00\n${footer}`).postal_code).toBe(
        '72000',
      );
    // Card words OCR glued, cash back on a card ticket, an accepting word on the paying line.
    expect(read(ticket('TOTAL 74.50\nVISAMASTER 74.50')).payment_method).toBe('card');
    expect(read(ticket('TOTAL 74.50\nBANAMEX ****1234 74.50')).payment_method).toBe('card');
    expect(read(ticket('TOTAL 274.50\nCASH BACK 200.00\nT. DEBITO 274.50')).payment_method).toBe('card');
    expect(read(ticket('TOTAL 74.50\nPAGO CON TARJETA SE ACEPTAN 74.50')).payment_method).toBe('card');
    // `TOTAL IVA INCLUIDO 10.28` beside the TOTAL is the tax's own line.
    expect(read(ticket('CAFE 74.50\nTOTAL IVA INCLUIDO 10.28\nTOTAL 74.50'))).toMatchObject({
      iva: 1028,
      total: 7450,
    });
    // A buffet is an item.
    expect(read(ticket('CONSUMO 1 BUFFET 189.00\nREFRESCO 25.00\nTOTAL 214.00')).items).toHaveLength(2);
  });

  it("reads a Malaysian receipt's company: over a branch line ending in SC, with its registration, wrapped, or S/B", () => {
    const name = (t: string) => read(`${t}\nTOTAL 10.20`).vendor_name;
    expect(
      name('04098\nAEON CO. (M) BHD (126926-H)\nRD FLA, AEON TAMAN MALURI SC\nJLN JEJAKA, TAMAN MALURI'),
    ).toBe('AEON CO. (M) BHD');
    expect(name('DION REALTIES SDN BHD (CO. NO:20154-T)\nMENARA DION #02-03, LEVEL 2')).toBe(
      'DION REALTIES SDN BHD',
    );
    expect(name('99 SPEED MART S/B (519537-X)\nLOT P.T. 2811, JALAN ANGSA')).toBe('99 SPEED MART S/B');
    expect(name('POPULAR BOOK\nCO. (M) SDN BHD\nNO 8, JALAN 7/118B')).toBe('POPULAR BOOK CO. (M) SDN BHD');
    // A Malay address line is no name.
    expect(name('PAPPARICH BMC\nBANDAR MAHKOTA CHERAS')).not.toBe('BANDAR MAHKOTA CHERAS');
  });

  it('takes the amount after a rounding adjustment as the total (Malaysia), not a Mexican REDONDEO', () => {
    expect(
      read('TOTAL RM INCL OF GST 40.99\nROUNDING ADJ 0.01\nTOTAL RM 41.00\nCASH 51.00\nCHANGE 10.00').total,
    ).toBe(4100);
    expect(
      read(
        'TOTAL SALES (INCLUSIVE GST) RM 45.34\nROUNDING ADJUSTMENT RM .01\nROUNDING RM 45.35\nCREDIT RM 45.35',
      ).total,
    ).toBe(4535);
    expect(
      read('TOTAL AMT INCL GST @ 6% : 7.42\nROUNDING ADJUSTMENT : (0.01)\nTOTAL AMT PAYABLE : 7.40').total,
    ).toBe(740);
    // A donation rounded up on top of a Mexican purchase is not part of it.
    expect(read(ticket('PAN 99.50\nTOTAL 99.50\nREDONDEO 0.50\nEFECTIVO 100.00')).total).toBe(9950);
  });

  it('reads `ACCEPTED TOTAL` and `TENDER` as what was handed over, not as the total', () => {
    expect(
      read('PAY PARKING TICKET 1.50 RM\nTOTAL AMOUNT 1.50 RM\nACCEPTED TOTAL 2.00 RM\nCHANGE 0.50 RM').total,
    ).toBe(150);
    expect(read('TOTAL 79.35\nTENDER 100.00\nCHANGE 20.65').total).toBe(7935);
  });

  it('reads a time whose numbers carry look-alike letters (`I2:03:54`, `07:S3:34`, `0I:16 PM`)', () => {
    const time = (t: string) => extractDateTime(lines(t), TODAY).time;
    expect(time('21 ENE 24    I2:03:54 HRS')).toBe('12:03:54');
    expect(time('26-02-25      CAJA 5   07:S3:34 HRS')).toBe('07:53:34');
    expect(time('HORA: 0I:16 PM')).toBe('13:16');
    expect(time('HORA  I0:32 HRS')).toBe('10:32');
  });

  it("reads a folio whose label or value carries look-alike letters, and keeps a series' letters", () => {
    const folio = (t: string) => read(ticket(`${t}\nTOTAL 10.00`)).folio;
    expect(folio('TICKET No. B-I2648')).toBe('B-12648');
    expect(folio('CUENTA # 3S59279')).toBe('3559279');
    expect(folio('No. VENTA: 422O8327')).toBe('42208327');
    expect(folio('CAJA: 02 # TICKET: O085277')).toBe('0085277');
    expect(folio('N0TA No. 0040834')).toBe('0040834');
    expect(folio('TRAN5ACCION: 2768116')).toBe('2768116');
    // A series stays, and a word after a label is no folio.
    expect(folio('# T1CKET: B656576')).toBe('B656576');
    expect(folio('CHEQUE: FV334760')).toBe('FV334760');
    expect(folio('TICKET: HOLA')).toBeNull();
  });
});

describe('OCR text of a generated ticket: labels and types on lines of their own', () => {
  const read = (text: string) => extractFields(`${text}\nTOTAL 10.00`, TODAY).fields;

  it('ends a razón social with an S.A.S. printed alone under it', () => {
    expect(
      read('PINTURAS Y RECUBRIMIENTOS OMEGA,\nS.A.S.\nAV. JUAREZ 3117\nR.F.C. PRO040527192').vendor_name,
    ).toBe('PINTURAS Y RECUBRIMIENTOS OMEGA, S.A.S.');
    // Without dots, only where the company RFC confirms the name it ends (over two lines here).
    expect(
      read('PANIFICADORA Y\nCAFETERIA LA MOLIENDA\nSas\nAV. JUAREZ 2103\nRFC: PCM780303112').vendor_name,
    ).toBe('PANIFICADORA Y CAFETERIA LA MOLIENDA SAS');
    // Another company's RFC: the S.A.S. ends nothing, and a type alone names nobody.
    expect(read('CAFETERIA LA MOLIENDA\nSAS\nAV. JUAREZ 2103\nRFC: TPA821217113').vendor_name).toBe(
      'CAFETERIA LA MOLIENDA',
    );
  });

  it('drops a character from the paper’s edge after a company type, not the start of a wrapped DE', () => {
    expect(
      read('L GAS EXPRESS .\nui LOS PINOS 4\nq ESTACIONES LOS PINOS S.A. A\nA RFC: EPI200714119 "')
        .vendor_name,
    ).toBe('ESTACIONES LOS PINOS S.A.');
    expect(
      read('PETROMAX E\n* COMBUSTIBLES PETROMAX DEL NORTE S.A. F\nDE C.V.\nRFC: CPN80100211A').vendor_name,
    ).toBe('COMBUSTIBLES PETROMAX DEL NORTE S.A. DE C.V.');
    expect(read('FOGON\nRESTAURANTES EL FOGON, S. DE R.L. DE C.V. 7\nRFC: CPN80100211A').vendor_name).toBe(
      'RESTAURANTES EL FOGON, S. DE R.L. DE C.V.',
    );
  });

  it('takes a razón social wrapped at the top, with no title above it, whole for the store name', () => {
    const f = read(
      'ABARROTES Y SERVICIOS DEL\nSOL, S. DE R.L. DE C.V.\nAV. CARDENAS 3595\nRFC: ASS761109110',
    );
    expect(f.vendor_name).toBe('ABARROTES Y SERVICIOS DEL SOL, S. DE R.L. DE C.V.');
    expect(f.vendor_store_name).toBe('ABARROTES Y SERVICIOS DEL SOL');
  });

  it('joins a persona física’s lone surname wrapped below, only where the RFC then gives every letter', () => {
    expect(
      read('| ARMANDO AGUILAR\nHERNANDEZ\nAV. DE LAS TORRES 380-B\nR.F.C.: AUHA620306HB5').vendor_name,
    ).toBe('ARMANDO AGUILAR HERNANDEZ');
    // Another person's RFC: the line below is no part of the name.
    expect(
      read(
        '| ARMANDO AGUILAR\nHERNANDEZ\nAV. DE LAS TORRES 380-B\nR.F.C.: AUHA620306HB5'.replace(
          'AUHA',
          'AUPA',
        ),
      ).vendor_name,
    ).not.toBe('ARMANDO AGUILAR HERNANDEZ');
  });

  it('joins a persona física’s name wrapped between given names and surnames, or after a JOSE or MARIA', () => {
    const title =
      'COCINA ECONOMICA LUPITA\nMARIA GUADALUPE\nFLORES NAVARRO\nR.F.C.: FONG920215T36\nTOTAL 10.00';
    expect(read(title).vendor_name).toBe('MARIA GUADALUPE FLORES NAVARRO');
    expect(read(title).vendor_store_name).toBe('COCINA ECONOMICA LUPITA');
    const jose = 'TLAPALERIA HERNANDEZ\nJOSE\nLUIS HERNANDEZ OCHOA\nRFC: HEOL910607BM7\nTOTAL 10.00';
    expect(read(jose).vendor_name).toBe('JOSE LUIS HERNANDEZ OCHOA');
    expect(
      read('TLAPALERIA HERNANDEZ\nTICKET DE VENTA\nJOSE LUIS\nHERNANDEZ OCHOA\nRFC: HEOL750412SZ4')
        .vendor_name,
    ).toBe('JOSE LUIS HERNANDEZ OCHOA');
    // Another person's RFC: the two lines are not one name.
    expect(read(title.replace('FONG920215T36', 'FAHG920215T36')).vendor_name).not.toBe(
      'MARIA GUADALUPE FLORES NAVARRO',
    );
  });

  it('takes an article alone on the line above a razón social as the name’s first word', () => {
    const f = read(
      'LA MODERNA\nLA\nMODERNA DEPARTAMENTAL, S.A.S.\nAV. LAZARO CARDENAS 2327\nRFC MDE1904019F5',
    );
    expect([f.vendor_name, f.vendor_store_name]).toEqual(['LA MODERNA DEPARTAMENTAL, S.A.S.', 'LA MODERNA']);
    // Not a word that only looks like one: the line above is the title.
    expect(read('MODERNA\nMODERNA DEPARTAMENTAL, S.A.S.\nRFC MDE1904019F5').vendor_name).toBe(
      'MODERNA DEPARTAMENTAL, S.A.S.',
    );
  });

  it('ends a name with an S.C. alone whose last dot was lost, with a word like ABIERTO the RFC confirms', () => {
    const text = 'SIEMPRE ABIERTO 24/7\nCONVENIENCIA SIEMPRE ABIERTO\nS.C\nR.F.C. CSA990707351\nTOTAL 10.00';
    expect(read(text).vendor_name).toBe('CONVENIENCIA SIEMPRE ABIERTO S.C.');
    expect(read(text).vendor_store_name).toBe('SIEMPRE ABIERTO 24/7');
    // A line ABIERTO marks as no name, under another company's RFC: no name is made of it.
    expect(read(text.replace('CSA990707351', 'GAB990707351')).vendor_name).not.toBe(
      'CONVENIENCIA SIEMPRE ABIERTO S.C.',
    );
  });

  it('takes an RFC label whose R was misread (`AFC:`) before a value read in two words', () => {
    const text = 'LA MODERNA DEPARTAMENTAL\nSA DE CV\nAFC: MDE1007 14W35\nTOTAL 10.00';
    expect(read(text).vendor_rfc).toBe('MDE100714W35');
    // Without the colon, AFC is any three letters: the two words are no RFC.
    expect(read(text.replace('AFC:', 'AFC')).vendor_rfc).toBeNull();
    // A card slip's contactless mark is no RFC label.
    expect(read(text.replace('AFC:', 'NFC:')).vendor_rfc).toBeNull();
  });

  it('repairs two misread digits of a date when nothing else makes one (`2925-99-13`)', () => {
    const f = read('KIOSKO ROJO\nREC: DKR161122RX9\nFECHA 2925-99-13 HORA: 12:37 p.m.\nTOTAL 10.00');
    expect(f.date).toBe('2025-09-13');
    // One misread digit is still preferred, and a phone number stays no date.
    expect(read('FECHA 2025-99-13\nTOTAL 10.00').date).toBe('2025-09-13');
    expect(read('TEL. 12-34-56\nTOTAL 10.00').date).toBeNull();
  });

  it('drops a stray character inside a 13-character company RFC rather than cut its check digit off', () => {
    // Cut to 12, `MDE0612211L2` repairs with one look-alike (1 → T: MDE061221TL2) to a check digit that holds by
    // chance; the word as read holds the RFC with its stray 1 dropped.
    expect(read('LA MODERNA DEPARTAMENTAL S.A. DE C.V.\nR.F.C.: MDE0612211L21\nTOTAL 10.00').vendor_rfc).toBe(
      'MDE061221L21',
    );
    expect(read('R.F.C.: MDE0612211L21\nTOTAL 10.00').vendor_rfc).toBe('MDE061221L21');
  });

  it('drops a title’s decoration read as a word at either end, and keeps a figure that is the name’s', () => {
    const store = (title: string): string | null =>
      read(`${title}\nMATERIALES LA LLAVE SA DE CV\nRFC: MLL990101AE1\nTOTAL 10.00`).vendor_store_name;
    expect(store('XX* PANADERIA LA ESPIGA')).toBe('PANADERIA LA ESPIGA');
    expect(store('FERRETERIA LA LLAVE +1')).toBe('FERRETERIA LA LLAVE');
    expect(store('LA CASONA X*')).toBe('LA CASONA');
    expect(store('FARMACIA 24/7')).toBe('FARMACIA 24/7');
    expect(store('FARMACIAS + SALUD')).toBe('FARMACIAS + SALUD');
    expect(store('FONDA LA MESA #2')).toBe('FONDA LA MESA #2');
  });

  it('drops a speck before a razón social’s first line when only without it the initials are the RFC’s', () => {
    expect(
      read('1 ALIMENTOS ITALIANOS\nNAPOLI SAS\nCALLE FRAY SERVANDO 2238-A\nRFC: AIN121224AU8').vendor_name,
    ).toBe('ALIMENTOS ITALIANOS NAPOLI SAS');
  });

  it('takes neither a fraccionamiento nor a branch line for the business', () => {
    const f = read(
      '[0-2 A ES]\nAV. PASEO DE LOS LEONES 1766,\nFRACC. LAS PALMAS\nSUCURSAL MERCADO\nRFC EPI040324113',
    );
    expect(f.vendor_name).toBeNull();
    expect(f.vendor_store_name).toBeNull();
    expect(read('SUCURSAL CENTRO\nCAFE LA MOLIENDA\nRFC EPI040324113').vendor_store_name).toBe(
      'CAFE LA MOLIENDA',
    );
  });
});

describe('OCR text of a generated ticket: an RFC check digit read as I, a date slash read as I', () => {
  it('reads an I ending a whole RFC word as its check digit 1 where nothing else needs mending', () => {
    expect(
      read('DISTRIBUIDORA FARMACEUTICA EL PUENTE\nSAPI DE CV\nR.F.C.: DFP820621EMI\nTOTAL 1.00').vendor_rfc,
    ).toBe('DFP820621EM1');
    // With another character to mend, the I is no free character for the check digit to pass on.
    expect(read('FONDA LA GUERA\nR.F.C, CAQSEB1001JYI\nTOTAL 1.00').vendor_rfc).not.toBe('CAQS861001JY1');
  });

  it('reads a named date whose slash was read as I or a bar, the other slash there', () => {
    expect(read('29IMAY/2026 06:13 PM\nTOTAL 1.00').date).toBe('2026-05-29');
    expect(read('29/MAY|2026\nTOTAL 1.00').date).toBe('2026-05-29');
    // A repair: a date read cleanly elsewhere on the ticket wins (the first reading's `26/ENEI2025` for 28).
    expect(read('26/ENEI2025 07:43 PM\nMAGNA 42.669\n28/ENE/2025 07:43 PM\nTOTAL 1.00').date).toBe(
      '2025-01-28',
    );
    // No slash at all: no date made up from a word (`12IMAYO` is no date).
    expect(read('LOTE 12IMAYO\nTOTAL 1.00').date).toBeNull();
  });
});
