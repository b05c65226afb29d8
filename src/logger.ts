import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs. Secrets and image data never reach a log line: they are redacted by path too. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        '*.authorization',
        '*.receipt_image',
        '*.api_key',
        '*.token',
        '*.password',
      ],
      censor: '[redacted]',
    },
  });
}

export const silentLogger: Logger = pino({ level: 'silent' });
