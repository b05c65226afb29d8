/**
 * Seals and stamps a CFDI. The sandbox issuer seals with SAT's public test CSD and adds a locally generated
 * TimbreFiscalDigital 1.1; a PAC-backed issuer (merchant CSD + an authorized provider) plugs in here too.
 */
export interface StampedCfdi {
  /** The final XML (sealed, with the TFD complement). */
  xml: string;
  uuid: string;
  /** Fecha of the comprobante and FechaTimbrado of the TFD, AAAA-MM-DDThh:mm:ss. */
  fecha: string;
  fechaTimbrado: string;
  noCertificado: string;
  noCertificadoSat: string;
  sello: string;
  selloSat: string;
  cadenaOriginal: string;
  cadenaOriginalTfd: string;
  rfcProvCertif: string;
}

export interface Issuer {
  readonly mode: 'sandbox' | 'pac';
  /** Takes the unsealed comprobante XML (no Sello/NoCertificado/Certificado), returns it sealed and stamped. */
  sealAndStamp(unsignedXml: string): Promise<StampedCfdi>;
}
