import { describe, expect, it } from 'vitest';
import { outboxPayloads, splitBody } from '../../src/bots/conversation/channel.payloads.js';
import { incomingOf } from '../../src/bots/whatsapp/whatsapp.routes.js';

describe('incomingOf (Twilio form → conversation)', () => {
  it('reads text, images (skipping other media), a PDF and empty messages', () => {
    expect(incomingOf({ MessageSid: 'SM1', Body: ' saldo ', NumMedia: '0' })).toEqual({
      kind: 'text',
      text: 'saldo',
    });
    expect(
      incomingOf({
        MessageSid: 'SM2',
        NumMedia: '2',
        MediaUrl0: 'https://api.twilio.com/a',
        MediaContentType0: 'image/jpeg',
        MediaUrl1: 'https://api.twilio.com/b',
        MediaContentType1: 'audio/ogg',
      }),
    ).toEqual({
      kind: 'media',
      key: 'whatsapp:SM2',
      items: [{ ref: 'https://api.twilio.com/a', mime: 'image/jpeg' }],
    });
    expect(
      incomingOf({ MessageSid: 'SM3', NumMedia: '1', MediaUrl0: 'x', MediaContentType0: 'application/pdf' }),
    ).toEqual({ kind: 'document', media: { ref: 'x', mime: 'application/pdf' } });
    expect(
      incomingOf({ MessageSid: 'SM5', NumMedia: '1', MediaUrl0: 'x', MediaContentType0: 'audio/ogg' }),
    ).toEqual({ kind: 'other' });
    expect(incomingOf({ MessageSid: 'SM4', NumMedia: '0' })).toEqual({ kind: 'other' });
  });
});

describe('splitBody', () => {
  it('keeps short texts whole and splits long ones at line breaks under the WhatsApp limit', () => {
    expect(splitBody('hola\nadiós')).toEqual(['hola\nadiós']);
    const lines = Array.from({ length: 40 }, (_, i) => `${i} ${'x'.repeat(60)}`);
    const parts = splitBody(lines.join('\n'));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 1500)).toBe(true);
    expect(parts.join('\n')).toBe(lines.join('\n'));
  });
});

describe('outboxPayloads', () => {
  it('WhatsApp: choices become lines and a long text one payload per part, each keeping its flags', () => {
    const choices = [{ value: '612', label: '612 Actividad empresarial' }];
    expect(outboxPayloads('whatsapp', { type: 'text', text: '4/5', choices })).toEqual([
      { type: 'text', text: '4/5\n\n• 612 Actividad empresarial' },
    ]);
    const long = Array.from({ length: 40 }, (_, i) => `${i} ${'x'.repeat(60)}`).join('\n');
    const parts = outboxPayloads('whatsapp', { type: 'text', text: long, sensitive: true });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.type === 'text' && p.sensitive === true)).toBe(true);
    // Telegram keeps its buttons and its own limit.
    expect(outboxPayloads('telegram', { type: 'text', text: long, choices })).toEqual([
      { type: 'text', text: long, choices },
    ]);
  });
});
