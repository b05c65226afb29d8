import { createPrivateKey, createSign, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A Certificado de Sello Digital loaded for signing: SAT's .cer (DER) and encrypted PKCS#8 DER .key. */
export interface Csd {
  /** NoCertificado: the certificate serial, whose bytes are ASCII digits (20 of them). */
  noCertificado: string;
  /** Certificado attribute: the DER certificate in base64. */
  certificado: string;
  /** The RFC the certificate belongs to (x500UniqueIdentifier, "RFC / RFC representante"). */
  rfc: string;
  notAfter: Date;
  /** Sello: RSA-SHA256 over the UTF-8 cadena, base64. */
  sign(cadena: string): string;
}

export function loadCsd(cerPath: string, keyPath: string, password: string): Csd {
  const cert = new X509Certificate(readFileSync(cerPath));
  // Node reads SAT's encrypted DER PKCS#8 (PBES2) directly; signatures match openssl's byte for byte.
  const key: KeyObject = createPrivateKey({
    key: readFileSync(keyPath),
    format: 'der',
    type: 'pkcs8',
    passphrase: password,
  });
  if (!cert.checkPrivateKey(key))
    throw new Error(`The key ${keyPath} does not belong to the certificate ${cerPath}`);
  const uid =
    /x500UniqueIdentifier=([A-Z&Ñ0-9]{12,13})/.exec(cert.subject) ??
    /2\.5\.4\.45=([A-Z&Ñ0-9]{12,13})/.exec(cert.subject);
  return {
    noCertificado: Buffer.from(cert.serialNumber, 'hex').toString('ascii'),
    certificado: cert.raw.toString('base64'),
    rfc: uid?.[1] ?? '',
    notAfter: new Date(cert.validTo),
    sign: (cadena) => createSign('RSA-SHA256').update(cadena, 'utf8').sign(key, 'base64'),
  };
}
