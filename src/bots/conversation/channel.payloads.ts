import type { Channel, Choice, OutPayload } from './conversation.types.js';

/** WhatsApp caps a message body at 1600 characters; long lists go out in several messages, split at lines. */
const MAX_BODY = 1500;

export function splitBody(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const candidate = current ? `${current}\n${line}` : line;
    if (candidate.length > MAX_BODY && current) {
      parts.push(current);
      current = line.slice(0, MAX_BODY);
    } else {
      current = candidate.slice(0, MAX_BODY);
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** No buttons on plain WhatsApp messages: the choices become lines to answer with. */
const withChoices = (text: string, choices?: Choice[]) =>
  choices?.length ? `${text}\n\n${choices.map((c) => `• ${c.label}`).join('\n')}` : text;

/**
 * What one composed message becomes in the outbox: one row per message the channel sends. A long WhatsApp text
 * is several messages, so several rows: a retry after part 1 went out resends only what was not delivered.
 */
export function outboxPayloads(channel: Channel, payload: OutPayload): OutPayload[] {
  if (channel !== 'whatsapp' || payload.type !== 'text') return [payload];
  const { choices: _, ...rest } = payload;
  return splitBody(withChoices(payload.text, payload.choices)).map((text) => ({ ...rest, text }));
}
