import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import twilio from 'twilio';
import { AppError, forbidden } from '../../errors.js';
import { bodyLimit } from '../../http/body.limit.js';
import type { AppEnv } from '../../http/env.js';
import { errorResponse } from '../../http/errors.js';
import { newRouter } from '../../http/router.js';
import type { Logger } from '../../logger.js';
import type { ChatRef, Handle, Incoming, MediaRef } from '../conversation/conversation.types.js';

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';
/** A Twilio message form (a 1600-character body, ten media URLs) is a few KB; anything far larger is not Twilio. */
export const WHATSAPP_MAX_BODY_BYTES = 64 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export interface WhatsappRouteDeps {
  logger: Logger;
  authToken: string;
  /** The URL Twilio signs is the one configured in the console: PUBLIC_BASE_URL + path. */
  publicBaseUrl?: string;
  handle: Handle;
}

/** Twilio's form fields → what the conversation understands. Several media in one message = several invoices. */
export function incomingOf(params: Record<string, string>): Incoming {
  const count = Math.min(Number(params.NumMedia ?? 0) || 0, 10);
  if (count > 0) {
    // A PDF is a Constancia de Situación Fiscal (one per message), not a ticket.
    const pdf = params.MediaContentType0 === 'application/pdf' ? params.MediaUrl0 : undefined;
    if (pdf) return { kind: 'document', media: { ref: pdf, mime: 'application/pdf' } };
    const items: MediaRef[] = [];
    for (let i = 0; i < count; i++) {
      const url = params[`MediaUrl${i}`];
      const mime = params[`MediaContentType${i}`];
      if (url && mime?.startsWith('image/')) items.push({ ref: url, mime });
    }
    return items.length ? { kind: 'media', items, key: `whatsapp:${params.MessageSid}` } : { kind: 'other' };
  }
  const body = params.Body?.trim();
  return body ? { kind: 'text', text: body } : { kind: 'other' };
}

export function whatsappRoutes(deps: WhatsappRouteDeps): OpenAPIHono<AppEnv> {
  const router = newRouter();
  // The signature covers the form fields, so it can only be verified once the body is parsed: a request without
  // one is refused before reading anything, and a body is read only up to what Twilio could send.
  const signed: MiddlewareHandler<AppEnv> = async (c, next) =>
    c.req.header('x-twilio-signature') ? next() : errorResponse(c, forbidden('Invalid Twilio signature'));
  const capped = bodyLimit({ maxBytes: WHATSAPP_MAX_BODY_BYTES });
  router.post(WHATSAPP_WEBHOOK_PATH, signed, capped, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}));
    const params = Object.fromEntries(
      Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const url = deps.publicBaseUrl
      ? `${deps.publicBaseUrl.replace(/\/$/, '')}${WHATSAPP_WEBHOOK_PATH}`
      : c.req.url;
    const signature = c.req.header('x-twilio-signature') ?? '';
    if (!signature || !twilio.validateRequest(deps.authToken, signature, url, params)) {
      return errorResponse(c, forbidden('Invalid Twilio signature'));
    }
    const twiml = () => c.body(EMPTY_TWIML, 200, { 'Content-Type': 'text/xml; charset=utf-8' });
    const sid = params.MessageSid;
    const from = params.From;
    if (!sid || !from?.startsWith('whatsapp:')) return twiml();
    const chat: ChatRef = { channel: 'whatsapp', chatId: from };
    try {
      // A MessageSid already handled is a no-op; a failure records nothing, so the redelivery is handled.
      await deps.handle(chat, incomingOf(params), sid);
    } catch (err) {
      deps.logger.error({ err, messageSid: sid }, 'whatsapp message failed');
      return errorResponse(c, new AppError('InternalError', 'The message could not be handled'));
    }
    return twiml();
  });
  return router;
}
