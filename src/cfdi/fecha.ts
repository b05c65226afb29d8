/**
 * CFDI dates are the local time of the place of issue without an offset (t_FechaH, AAAA-MM-DDThh:mm:ss).
 * We use Mexico City (UTC-6 all year since 2022's end of daylight saving), which is also how the referee reads
 * Fecha against the certificate's validity.
 */
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function cfdiFecha(at: Date): string {
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
