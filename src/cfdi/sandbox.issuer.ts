import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Clock } from '../clock.js';
import { cadenaOriginalOf, cadenaOriginalTfd, type DomElement } from './cadena.js';
import { loadCsd } from './csd.js';
import { cfdiFecha } from './fecha.js';
import type { Issuer, StampedCfdi } from './issuer.js';
import { NS_CFDI, NS_TFD, NS_XSI, TFD_SCHEMA_LOCATION } from './xml.js';

/**
 * The RFC of SAT's own test "PAC" as it appears in SAT's sandbox timbres. A local TFD is not a real stamp, so
 * we name no real provider.
 */
export const SANDBOX_RFC_PROV_CERTIF = 'SPR190613I52';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/sat/csd');

/** SAT's public test CSD (EKU9003173C9) as copied into fixtures/sat/csd. Its password is "12345678a". */
export function defaultSandboxCsdPaths(): { cerPath: string; keyPath: string; password: string } {
  return {
    cerPath: join(fixturesDir, 'EKU9003173C9.cer'),
    keyPath: join(fixturesDir, 'EKU9003173C9.key'),
    password: '12345678a',
  };
}

/** Anexo 20's attribute order, so Sello/NoCertificado/Certificado sit where readers expect them (cosmetic). */
const COMPROBANTE_ORDER = [
  'Version',
  'Serie',
  'Folio',
  'Fecha',
  'Sello',
  'FormaPago',
  'NoCertificado',
  'Certificado',
  'CondicionesDePago',
  'SubTotal',
  'Descuento',
  'Moneda',
  'TipoCambio',
  'Total',
  'TipoDeComprobante',
  'Exportacion',
  'MetodoPago',
  'LugarExpedicion',
  'Confirmacion',
];

function inAnexo20Order(root: XMLBuilder): void {
  const el = root.node as unknown as DomElement;
  const present = COMPROBANTE_ORDER.filter((n) => el.hasAttribute(n)).map(
    (n) => [n, el.getAttribute(n) ?? ''] as const,
  );
  root.removeAtt(present.map(([n]) => n));
  for (const [n, v] of present) root.att(n, v);
}

/**
 * Seals with a CSD (normally SAT's public test one, on behalf of the merchant on the ticket) and adds a locally
 * generated TimbreFiscalDigital 1.1 whose SelloSAT is made with the same key. Nothing leaves the machine; the
 * result passes every check of `validate-cfdi --sandbox` but has no fiscal validity.
 */
export function createSandboxIssuer(opts: {
  cerPath: string;
  keyPath: string;
  password: string;
  clock: Clock;
}): Issuer {
  const csd = loadCsd(opts.cerPath, opts.keyPath, opts.password);
  return {
    mode: 'sandbox',
    async sealAndStamp(unsignedXml: string): Promise<StampedCfdi> {
      const doc = create(unsignedXml);
      const root = doc.root();
      const el = root.node as unknown as DomElement;
      const fecha = el.getAttribute('Fecha') ?? '';
      root.att('NoCertificado', csd.noCertificado).att('Certificado', csd.certificado);
      const cadenaOriginal = cadenaOriginalOf(el);
      const sello = csd.sign(cadenaOriginal);
      root.att('Sello', sello);
      inAnexo20Order(root);
      const tfd = {
        Version: '1.1',
        UUID: randomUUID().toUpperCase(),
        FechaTimbrado: cfdiFecha(opts.clock.now()),
        RfcProvCertif: SANDBOX_RFC_PROV_CERTIF,
        SelloCFD: sello,
        NoCertificadoSAT: csd.noCertificado,
      };
      const cadenaTfd = cadenaOriginalTfd(tfd);
      const selloSat = csd.sign(cadenaTfd);
      root
        .ele(NS_CFDI, 'cfdi:Complemento')
        .ele(NS_TFD, 'tfd:TimbreFiscalDigital', {})
        .att(NS_XSI, 'xsi:schemaLocation', TFD_SCHEMA_LOCATION)
        .att({ ...tfd, SelloSAT: selloSat });
      return {
        xml: doc.end({ prettyPrint: true }),
        uuid: tfd.UUID,
        fecha,
        fechaTimbrado: tfd.FechaTimbrado,
        noCertificado: csd.noCertificado,
        noCertificadoSat: tfd.NoCertificadoSAT,
        sello,
        selloSat,
        cadenaOriginal,
        cadenaOriginalTfd: cadenaTfd,
        rfcProvCertif: tfd.RfcProvCertif,
      };
    },
  };
}
