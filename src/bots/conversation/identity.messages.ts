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
