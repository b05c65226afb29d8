/** Command words, with or without the slash (WhatsApp has no slash commands), accents and case ignored. */
export type Command =
  | 'start'
  | 'ayuda'
  | 'saldo'
  | 'facturas'
  | 'datos'
  | 'uso'
  | 'apikey'
  | 'desvincular'
  | 'cancelar'
  | 'revocar';

const WORDS: Record<string, Command> = {
  start: 'start',
  inicio: 'start',
  hola: 'start',
  vincular: 'start',
  ayuda: 'ayuda',
  help: 'ayuda',
  saldo: 'saldo',
  creditos: 'saldo',
  facturas: 'facturas',
  datos: 'datos',
  uso: 'uso',
  apikey: 'apikey',
  desvincular: 'desvincular',
  cancelar: 'cancelar',
  revocar: 'revocar',
};

/** Commands shown in Telegram's menu (setMyCommands). */
export const MENU: { command: string; description: string }[] = [
  { command: 'start', description: 'Empezar o vincular tu cuenta' },
  { command: 'ayuda', description: 'Cómo facturar un ticket' },
  { command: 'saldo', description: 'Tus créditos' },
  { command: 'facturas', description: 'Tus últimas 5 facturas' },
  { command: 'datos', description: 'Tus datos fiscales' },
  { command: 'uso', description: 'Cambiar el uso de CFDI, p. ej. /uso G03' },
  { command: 'apikey', description: 'Obtener una clave para la API' },
  { command: 'desvincular', description: 'Desvincular este chat' },
  { command: 'revocar', description: 'Revocar todas tus claves para la API' },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** `/uso@MiBot g01` → { command: 'uso', arg: 'g01' }; anything else → undefined. */
export function parseCommand(text: string): { command: Command; arg: string } | undefined {
  const m = /^\/?([\p{L}]+)(?:@\w+)?(?:\s+([\s\S]*))?$/u.exec(text.trim());
  if (!m) return undefined;
  const command = WORDS[fold(m[1] ?? '')];
  if (!command) return undefined;
  const arg = (m[2] ?? '').trim();
  // A bare word with a long tail ("datos de mi empresa…") is conversation, not a command; "/uso G03" and "uso g03" are.
  if (!text.trim().startsWith('/') && arg.split(/\s+/).length > 1) return undefined;
  return { command, arg };
}
