/** What the bots say about identity: number claims, reclaimed RFCs, keys and the Constancia. Spanish (Mexico). */

/** An RFC shown to someone who may not own it: enough to recognise one's own, not enough to learn another's. */
export const maskRfc = (rfc: string): string =>
  `${rfc.slice(0, 2)}${'•'.repeat(rfc.length - 5)}${rfc.slice(-3)}`;

export const idMsg = {
  claimAsk: (name: string, maskedRfc: string, phone: string) =>
    `Hay una cuenta que registró el número ${phone} desde la API:\n\n${name}\nRFC ${maskedRfc}\n\n¿Es tuya? Responde «sí» para vincular este chat con ella o «no» para crear tu propia cuenta.`,
  claimRepeat: () => 'Responde «sí» si esa cuenta es tuya, o «no» para crear la tuya.',
  claimDropped: () => 'Entendido: quité tu número de esa cuenta, ya no podrá usarlo. Vamos a crear la tuya.',
  genericRfc: () =>
    'Ese es un RFC genérico (público en general o extranjero): no sirve para una cuenta. Escribe tu propio RFC.',
  /** Says no more than the API's 409: the RFC has an account. */
  rfcTaken: () =>
    'Ese RFC ya tiene una cuenta. Si es tuyo, envíame tu Constancia de Situación Fiscal (el PDF que descargas del SAT) para comprobarlo, o escribe otro RFC.',
  apiKey: (key: string, replaced: boolean) =>
    `🔑 Tu nueva clave para la API:\n${key}\n\nGuárdala ahora: no la volveré a mostrar.${replaced ? ' La clave anterior que te di por chat ya no funciona.' : ''} Para revocar todas tus claves escribe /revocar.`,
  keysRevoked: (n: number) =>
    n === 0
      ? 'No tenías claves activas para la API.'
      : `Listo: revoqué ${n === 1 ? 'tu clave' : `tus ${n} claves`} para la API. Pide una nueva con /apikey cuando la necesites.`,
  chatKeysBlocked: () =>
    'Por seguridad, las claves para la API de tu cuenta se piden a soporte por ahora. Escríbenos si necesitas una.',
  rfcTakenBacked: () =>
    'Ese RFC ya tiene una cuenta. Si es tuyo, pide a quien la administra que te dé acceso, o escribe otro RFC.',
  rfcReclaimed: () =>
    'Su titular comprobó con su Constancia de Situación Fiscal el RFC con el que registraste esta cuenta, así que ya no está a tu nombre. Tus créditos y facturas siguen aquí; para facturar de nuevo escribe a soporte.',
  constanciaReading: () => '📄 Recibí tu PDF; lo estoy leyendo…',
  constanciaRead: (
    d: { rfc: string; name: string; postal_code: string; issued_on: string },
    regimen: string,
    several?: string[],
  ) =>
    [
      'Esto dice tu Constancia de Situación Fiscal:',
      `RFC: ${d.rfc}`,
      `Nombre o razón social: ${d.name}`,
      `Código postal: ${d.postal_code}`,
      `Régimen fiscal: ${regimen}`,
      several
        ? `(Tu Constancia tiene los regímenes ${several.join(', ')}; elegí el que admite tu uso de CFDI. Cámbialo después si lo necesitas.)`
        : undefined,
      `Emitida el ${d.issued_on}`,
      '',
      '¿Guardo estos datos?',
    ]
      .filter((l) => l !== undefined)
      .join('\n'),
  constanciaRepeat: () => 'Responde «sí» para guardar los datos de tu Constancia o «no» para descartarlos.',
  constanciaDiscarded: () => 'Listo, no guardé nada.',
  constanciaSaved: () => '✅ Actualicé tus datos fiscales con tu Constancia. Revísalos con /datos.',
  constanciaOtherRfc: () => 'Esa Constancia es de otro RFC, no del de tu cuenta. No cambié nada.',
  constanciaScan: () =>
    'Ese PDF es una imagen escaneada, no tiene texto. Por favor envía el PDF que descargaste del SAT.',
  constanciaUnreadable: () =>
    'No pude abrir ese PDF (tiene contraseña o está dañado). Envía el PDF tal como lo descargaste del SAT.',
  constanciaOther: () =>
    'Ese PDF no es una Constancia de Situación Fiscal. Envía la que descargaste del SAT.',
  constanciaNotPdf: () => 'Ese archivo no es un PDF. Envía tu Constancia de Situación Fiscal en PDF.',
  constanciaTooBig: (mb: number) => `Ese archivo pesa más de ${mb} MB; una Constancia pesa mucho menos.`,
  constanciaUnavailable: () => 'No pude descargar tu PDF. ¿Me lo envías otra vez?',
  claimGone: () => 'Esa cuenta ya no tiene tu número. Vamos a crear la tuya.',
};

export const CLAIM_CHOICES = [
  { label: 'Sí, es mía', value: 'sí' },
  { label: 'No es mía', value: 'no' },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** «sí», «si», «Sí, es mía», «1» → yes; «no», «No es mía», «2» → no. */
export function yesNo(text: string): 'yes' | 'no' | undefined {
  const t = fold(text);
  if (/^(si|1|ok|claro)\b/.test(t)) return 'yes';
  if (/^(no|2)\b/.test(t)) return 'no';
  return undefined;
}
