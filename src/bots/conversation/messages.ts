import type { FailureCode } from '../../invoices/invoice.failure.js';

/** Every sentence the bots say, in Spanish (Mexico), short and friendly. Pure functions of their inputs. */
const money = (cents: number, currency = 'MXN') =>
  `${new Intl.NumberFormat('es-MX', { style: 'currency', currency }).format(cents / 100)} ${currency}`;

export const CONTACT_BUTTON = '📱 Compartir mi número';

const askRfc = () => '1/5 ¿Cuál es tu RFC?';

const creditos = (n: number) => (n === 1 ? '1 crédito' : `${n} créditos`);

export const msg = {
  askContact: () =>
    `¡Hola! Soy tu asistente para facturar tickets 🧾\nPara empezar, toca «${CONTACT_BUTTON}» y vinculo este chat con tu cuenta.`,
  contactNotOwn: () =>
    `Ese contacto no es el tuyo. Por seguridad solo acepto tu propio número: toca «${CONTACT_BUTTON}».`,
  badPhone: () => 'No pude leer ese número de teléfono. Intenta de nuevo con el botón.',
  /** credits: the balance that pays the chat's invoices; org: its organization's name when it is not the own. */
  linked: (name: string, credits: number, org?: string) =>
    `¡Listo, ${name}! Vinculé este chat con tu cuenta.\nEnvíame la foto de un ticket y te regreso la factura. ${
      org
        ? `Tus facturas del chat las paga ${org}: le quedan ${creditos(credits)}.`
        : `Tienes ${creditos(credits)}.`
    }${credits > 0 ? '' : `\n${howToGetCredits(org)}`}`,
  alreadyLinked: () => 'Este chat ya está vinculado con tu cuenta. Envíame la foto de un ticket.',
  unlinkedWhatsapp: () =>
    'Este chat está desvinculado. Escribe «inicio» para vincularlo de nuevo con tu número.',
  unlinked: (restart: string) =>
    `Listo, desvinculé este chat. Tu cuenta y tus facturas siguen intactas. Escribe ${restart} para volver.`,

  signupIntro: (phone: string) =>
    `No encontré una cuenta con el número ${phone}. Vamos a crearla en 5 pasos (escribe «cancelar» para salir).\n\n${askRfc()}`,
  askRfc,
  badRfc: () =>
    'Ese RFC no parece válido. Revisa que tenga 13 caracteres (persona física) o 12 (persona moral), sin guiones ni espacios.',
  rfcTaken: () =>
    'Ese RFC ya está registrado con otro número. Si es tuyo, pide a tu administrador que actualice tu teléfono, o escribe otro RFC.',
  askName: () =>
    '2/5 ¿Cuál es tu nombre o razón social, tal como aparece en tu Constancia de Situación Fiscal? (sin «S.A. de C.V.» ni similares)',
  badName: () => 'Escribe tu nombre o razón social (de 3 a 254 letras).',
  askPostalCode: () => '3/5 ¿Cuál es el código postal de tu domicilio fiscal?',
  badPostalCode: () => 'El código postal debe tener 5 dígitos, por ejemplo 06600.',
  askRegimen: () =>
    '4/5 ¿En qué régimen fiscal tributas? Elige uno o escribe su clave de 3 dígitos (viene en tu Constancia).',
  badRegimen: (kind: string) =>
    `Esa clave no es un régimen fiscal válido para una persona ${kind === 'moral' ? 'moral' : 'física'}. Elige uno de la lista o escribe otra clave.`,
  askUso: () => '5/5 ¿Qué uso de CFDI quieres para tus facturas? Puedes cambiarlo después con /uso.',
  badUso: (allowed: string[]) =>
    allowed.length
      ? `Ese uso de CFDI no aplica a tu régimen. Opciones: ${allowed.join(', ')}.`
      : 'Esa clave de uso de CFDI no es válida (por ejemplo G03).',
  signupPending: (question: string) =>
    `Tu registro sigue en curso: contesta esta pregunta para terminarlo, o escribe «cancelar» para abandonarlo.\n\n${question}`,
  signupCancelled: (restart: string) =>
    `Cancelé el registro. Escribe ${restart} cuando quieras intentarlo de nuevo.`,
  signupConflict: () =>
    'Ese RFC o este número ya tienen una cuenta. Si es tuya, pide a tu administrador que la revise.',
  signupDone: (name: string, credits: number) =>
    `¡Bienvenido, ${name}! Tu cuenta quedó lista. Tienes ${creditos(credits)}.${credits > 0 ? '\nEnvíame la foto de un ticket para facturarlo.' : `\n${howToGetCredits()}`}`,

  help: () =>
    [
      'Envíame la foto de un ticket (o varias) y te regreso la factura en PDF y XML. Cada factura usa 1 crédito.',
      '',
      '/saldo – tus créditos',
      '/facturas – tus últimas 5 facturas',
      '/datos – tus datos fiscales',
      '/uso G03 – cambiar el uso de CFDI',
      '/apikey – una clave para la API',
      '/revocar – revocar tus claves para la API',
      '/desvincular – desvincular este chat',
    ].join('\n'),
  unknown: () => 'No entendí 🤔. Envíame la foto de un ticket o escribe /ayuda.',
  notAnImage: () => 'Solo puedo facturar fotos de tickets (JPG o PNG). Envíame una foto o escribe /ayuda.',

  balanceOwn: (n: number) => `Tienes ${creditos(n)}.`,
  balanceOrg: (org: string, orgCredits: number, own: number) =>
    `Tus facturas del chat las paga ${org}: le quedan ${creditos(orgCredits)}.\nTus créditos personales: ${own}.`,
  noCredits: (org?: string) =>
    `${org ? `${org} no tiene` : 'No tienes'} créditos para facturar 😕. No se cobró nada.\n${howToGetCredits(org)}`,

  processing: (credits: number, org?: string) =>
    `📸 Recibí tu ticket y ya lo estoy facturando; te aviso en cuanto esté lista.\n${org ? `A ${org} le` : 'Te'} ${credits === 1 ? 'queda' : 'quedan'} ${creditos(credits)}.`,
  tooBig: (limit: string) =>
    `Esa imagen pesa más de ${limit}. Envíala como foto normal o con menos resolución.`,
  tooManyPixels: () =>
    'Esa imagen tiene demasiada resolución para un ticket. Envíala como foto normal (no como archivo) o redúcela.',
  badImage: () => 'No pude abrir esa imagen. Envíala otra vez como foto (JPG o PNG).',
  usoProblem: () =>
    'Tu uso de CFDI no es compatible con tu régimen. Cámbialo con /uso y vuelve a enviar la foto. No se cobró nada.',
  taxInfoIncomplete: () =>
    'A tus datos fiscales les falta información (nombre, código postal o régimen). Revísalos con /datos. No se cobró nada.',
  slowDown: () =>
    'Vas muy rápido 🙂. Espera un minuto: lo que me enviaste de más no lo procesé ni se cobró. Después vuelve a enviarlo.',
  tooManyProcessing: () =>
    'Ya tienes muchos tickets en proceso. Espera a que terminen y vuelve a enviar esta foto; no se cobró nada.',
  mediaUnavailable: () => 'No pude descargar tu imagen. ¿Me la envías otra vez?',

  invoiceCaption: (vendor: string | null, cents: number | null, currency: string, uuid: string | null) =>
    [
      '✅ ¡Tu factura está lista!',
      vendor ? `Emisor: ${vendor}` : undefined,
      cents !== null ? `Total: ${money(cents, currency)}` : undefined,
      uuid ? `UUID: ${uuid}` : undefined,
    ]
      .filter(Boolean)
      .join('\n'),
  xmlCaption: (uuid: string | null) => `XML de la factura${uuid ? ` ${uuid}` : ''}`,
  xmlLink: (url: string) => `XML: ${url}`,
  invoiceFailed: (code: string | null, credits: number) =>
    `❌ No pude facturar tu ticket: ${failureText(code)}.\nTu crédito fue devuelto; ${credits === 1 ? 'queda' : 'quedan'} ${creditos(credits)}.`,

  error: () =>
    'Uy, algo salió mal de mi lado. Si en un par de minutos no te respondo, envíame tu mensaje otra vez.',
};

/** How to start over: Telegram has slash commands, WhatsApp users type a word. */
export const restartWord = (channel: string): string => (channel === 'telegram' ? '/start' : '«inicio»');

export function howToGetCredits(org?: string): string {
  return org
    ? 'Pide a un administrador de tu organización que recargue créditos.'
    : 'Para recargar créditos escribe a soporte o pide a tu organización que te los asigne.';
}

const FAILURES: Record<FailureCode, string> = {
  unreadable_receipt: 'no pude leer el ticket; toma otra foto completa, con buena luz y sin dobleces',
  missing_total: 'no encontré el total en el ticket',
  missing_vendor_rfc: 'el ticket no muestra el RFC del comercio',
  invalid_vendor_rfc: 'el RFC del comercio en el ticket no es válido',
  missing_vendor_data: 'faltan datos del comercio (régimen fiscal o código postal) para emitir la factura',
  inconsistent_amounts: 'los importes del ticket no cuadran',
  receptor_incomplete: 'a tus datos fiscales les falta información; revísalos con /datos',
  uso_not_allowed: 'tu uso de CFDI no es compatible con tu régimen; cámbialo con /uso',
  cancelled: 'la cancelaste antes de emitirla',
  expired: 'nadie la confirmó a tiempo',
  internal: 'tuvimos un problema técnico al generarla',
};

export const failureText = (code: string | null): string =>
  FAILURES[(code ?? 'internal') as FailureCode] ?? FAILURES.internal;

export { creditos, money };
