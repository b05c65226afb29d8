import { create } from 'xmlbuilder2';
import { NS_CFDI, NS_TFD } from './xml.js';

/**
 * The cadena original, implemented after SAT's cadenaoriginal_4_0.xslt and cadenaoriginal_TFD_1_1.xslt:
 * attributes in the stylesheet's fixed order (not document order), each as "|" + normalize-space(value);
 * "Requerido" always emits its "|", "Opcional" only when the attribute exists (even if empty); the whole
 * string is wrapped in "||" ... "||". Complements other than the TFD (which never enters the CFDI's own
 * cadena: it is added after sealing) are not supported and are rejected.
 */
export interface DomElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  readonly childNodes: ArrayLike<unknown>;
}

/** Fields are "R:Name" (Requerido) or "O:Name" (Opcional), in stylesheet order. */
const COMPROBANTE =
  'R:Version O:Serie O:Folio R:Fecha O:FormaPago R:NoCertificado O:CondicionesDePago R:SubTotal O:Descuento R:Moneda O:TipoCambio R:Total R:TipoDeComprobante R:Exportacion O:MetodoPago R:LugarExpedicion O:Confirmacion';
const INFORMACION_GLOBAL = 'R:Periodicidad R:Meses R:Año';
const EMISOR = 'R:Rfc R:Nombre R:RegimenFiscal O:FacAtrAdquirente';
const RECEPTOR =
  'R:Rfc R:Nombre R:DomicilioFiscalReceptor O:ResidenciaFiscal O:NumRegIdTrib R:RegimenFiscalReceptor R:UsoCFDI';
const CONCEPTO =
  'R:ClaveProdServ O:NoIdentificacion R:Cantidad R:ClaveUnidad O:Unidad R:Descripcion R:ValorUnitario R:Importe O:Descuento R:ObjetoImp';
const TRASLADO = 'R:Base R:Impuesto R:TipoFactor O:TasaOCuota O:Importe';
const RETENCION_CONCEPTO = 'R:Base R:Impuesto R:TipoFactor R:TasaOCuota R:Importe';
const A_CUENTA_TERCEROS =
  'R:RfcACuentaTerceros R:NombreACuentaTerceros R:RegimenFiscalACuentaTerceros R:DomicilioFiscalACuentaTerceros';
const PARTE =
  'R:ClaveProdServ O:NoIdentificacion R:Cantidad O:Unidad R:Descripcion O:ValorUnitario O:Importe';
const TFD = 'R:Version R:UUID R:FechaTimbrado R:RfcProvCertif O:Leyenda R:SelloCFD R:NoCertificadoSAT';

/** XPath normalize-space: only XML whitespace (space, tab, CR, LF) is collapsed and trimmed. */
export const normalizeSpace = (s: string): string => s.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');

function fields(el: DomElement, spec: string): string {
  let out = '';
  for (const f of spec.split(' ')) {
    const name = f.slice(2);
    if (f.startsWith('R:') || el.hasAttribute(name)) out += `|${normalizeSpace(el.getAttribute(name) ?? '')}`;
  }
  return out;
}

const isElement = (n: unknown): n is DomElement => (n as { nodeType?: number }).nodeType === 1;

function children(el: DomElement, ns: string, name: string): DomElement[] {
  return Array.from(el.childNodes).filter(
    (n): n is DomElement => isElement(n) && n.namespaceURI === ns && n.localName === name,
  );
}

/** Elements reached by a child path such as Impuestos/Traslados/Traslado. */
const path = (el: DomElement, steps: string): DomElement[] =>
  steps.split('/').reduce<DomElement[]>((acc, s) => acc.flatMap((e) => children(e, NS_CFDI, s)), [el]);

function descendants(el: DomElement, name: string): DomElement[] {
  return Array.from(el.childNodes)
    .filter(isElement)
    .flatMap((c) => [
      ...(c.namespaceURI === NS_CFDI && c.localName === name ? [c] : []),
      ...descendants(c, name),
    ]);
}

function concepto(c: DomElement): string {
  if (children(c, NS_CFDI, 'ComplementoConcepto').length > 0)
    throw new Error('ComplementoConcepto is not supported');
  let out = fields(c, CONCEPTO);
  for (const t of path(c, 'Impuestos/Traslados/Traslado')) out += fields(t, TRASLADO);
  for (const t of path(c, 'Impuestos/Retenciones/Retencion')) out += fields(t, RETENCION_CONCEPTO);
  for (const t of children(c, NS_CFDI, 'ACuentaTerceros')) out += fields(t, A_CUENTA_TERCEROS);
  for (const a of children(c, NS_CFDI, 'InformacionAduanera')) out += fields(a, 'R:NumeroPedimento');
  for (const p of children(c, NS_CFDI, 'CuentaPredial')) out += fields(p, 'R:Numero');
  for (const p of descendants(c, 'Parte')) {
    out += fields(p, PARTE);
    for (const a of descendants(p, 'InformacionAduanera')) out += fields(a, 'R:NumeroPedimento');
  }
  return out;
}

function impuestos(i: DomElement): string {
  let out = '';
  for (const r of path(i, 'Retenciones/Retencion')) out += fields(r, 'R:Impuesto R:Importe');
  out += fields(i, 'O:TotalImpuestosRetenidos');
  for (const t of path(i, 'Traslados/Traslado')) out += fields(t, TRASLADO);
  return out + fields(i, 'O:TotalImpuestosTrasladados');
}

function complementoIsTfdOnly(root: DomElement): boolean {
  return children(root, NS_CFDI, 'Complemento').every((c) =>
    Array.from(c.childNodes)
      .filter(isElement)
      .every((e) => e.namespaceURI === NS_TFD),
  );
}

/** Cadena original of a parsed cfdi:Comprobante element. */
export function cadenaOriginalOf(root: DomElement): string {
  if (root.namespaceURI !== NS_CFDI || root.localName !== 'Comprobante')
    throw new Error('Not a CFDI 4.0 Comprobante');
  if (!complementoIsTfdOnly(root))
    throw new Error('Complements other than the TimbreFiscalDigital are not supported');
  let out = fields(root, COMPROBANTE);
  for (const g of children(root, NS_CFDI, 'InformacionGlobal')) out += fields(g, INFORMACION_GLOBAL);
  for (const rel of children(root, NS_CFDI, 'CfdiRelacionados')) {
    out += fields(rel, 'R:TipoRelacion');
    for (const u of children(rel, NS_CFDI, 'CfdiRelacionado')) out += fields(u, 'R:UUID');
  }
  for (const e of children(root, NS_CFDI, 'Emisor')) out += fields(e, EMISOR);
  for (const r of children(root, NS_CFDI, 'Receptor')) out += fields(r, RECEPTOR);
  for (const c of path(root, 'Conceptos/Concepto')) out += concepto(c);
  for (const i of children(root, NS_CFDI, 'Impuestos')) out += impuestos(i);
  return `|${out}||`;
}

export const parseXml = (xml: string): DomElement => create(xml).root().node as unknown as DomElement;

/** Cadena original of a CFDI 4.0 XML document. */
export const cadenaOriginal = (xml: string): string => cadenaOriginalOf(parseXml(xml));

/** Cadena original del complemento de certificación digital del SAT (TFD 1.1). */
export function cadenaOriginalTfdOf(tfd: DomElement): string {
  if (tfd.namespaceURI !== NS_TFD || tfd.localName !== 'TimbreFiscalDigital') throw new Error('Not a TFD');
  return `|${fields(tfd, TFD)}||`;
}

/** The TFD cadena from its attribute values (for a TFD not yet in a document). */
export function cadenaOriginalTfd(attrs: Record<string, string>): string {
  const el: DomElement = {
    localName: 'TimbreFiscalDigital',
    namespaceURI: NS_TFD,
    getAttribute: (n) => attrs[n] ?? null,
    hasAttribute: (n) => n in attrs,
    childNodes: [],
  };
  return cadenaOriginalTfdOf(el);
}
