/**
 * The CFDI 4.0 comprobante as the service builds it (SAT attribute names kept in Spanish). Money in integer
 * cents; text fields already formatted the way they go into the XML.
 */
export interface Traslado {
  base: number;
  /** 002 IVA, 003 IEPS (c_Impuesto). */
  impuesto: '002' | '003';
  tipoFactor: 'Tasa';
  /** Millionths: 160000 = 0.160000. */
  tasaOCuota: number;
  importe: number;
}

export interface Concepto {
  claveProdServ: string;
  cantidad: string;
  claveUnidad: string;
  unidad: string;
  descripcion: string;
  valorUnitario: string;
  importe: number;
  objetoImp: '02';
  traslados: Traslado[];
}

export interface Emisor {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
}

export interface Receptor {
  rfc: string;
  nombre: string;
  domicilioFiscalReceptor: string;
  regimenFiscalReceptor: string;
  usoCFDI: string;
}

export interface Comprobante {
  version: '4.0';
  /** Mexico City local time, AAAA-MM-DDThh:mm:ss. */
  fecha: string;
  formaPago: string;
  subTotal: number;
  moneda: 'MXN';
  total: number;
  tipoDeComprobante: 'I';
  exportacion: '01';
  metodoPago: 'PUE';
  lugarExpedicion: string;
  emisor: Emisor;
  receptor: Receptor;
  conceptos: Concepto[];
  impuestos: { totalImpuestosTrasladados: number; traslados: Traslado[] };
}
