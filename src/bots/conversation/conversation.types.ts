/** The channel-neutral shapes the Telegram and WhatsApp adapters translate to and from. */
export type Channel = 'telegram' | 'whatsapp';

/**
 * One private chat. chatId is both where messages go and the key of the chat's identity and conversation:
 * the Telegram chat id (private chats only) or the WhatsApp sender address as Twilio gives it (`whatsapp:+521…`).
 */
export interface ChatRef {
  channel: Channel;
  chatId: string;
}

/** An image to fetch later in a job: a Telegram file_id or a Twilio media URL. */
export interface MediaRef {
  ref: string;
  /** Bytes, when the channel says so up front (Telegram); lets us refuse oversized files before downloading. */
  size?: number;
  mime?: string;
}

export type Incoming =
  | { kind: 'text'; text: string }
  /** A shared contact; own is false when the contact is someone else's (Telegram contact.user_id ≠ sender). */
  | { kind: 'contact'; phone: string; own: boolean }
  /** One or more images (a WhatsApp message may carry several); key makes each invoice idempotent. */
  | { kind: 'media'; items: MediaRef[]; key: string }
  /** A PDF sent as a file: a Constancia de Situación Fiscal to read. */
  | { kind: 'document'; media: MediaRef }
  /** Something we cannot use (a sticker, a voice note). */
  | { kind: 'other' };

/** A tappable answer: Telegram shows a button, WhatsApp lists the value to type. */
export interface Choice {
  label: string;
  value: string;
}

/** What the outbox stores and the channel senders deliver. */
export type OutPayload =
  | {
      type: 'text';
      text: string;
      choices?: Choice[];
      /** Telegram: show the "share my contact" keyboard button. */
      askContact?: boolean;
      /** Telegram: take the contact keyboard away. */
      removeKeyboard?: boolean;
      /** Carries a secret (a new API key): the stored payload is blanked once sent. */
      sensitive?: boolean;
    }
  /** Telegram: one invoice file sent as a document from storage. */
  | { type: 'document'; invoiceId: string; file: 'pdf' | 'xml'; caption: string }
  /** WhatsApp: the PDF as media through a freshly signed link, the XML link appended to the text. */
  | { type: 'invoice_links'; invoiceId: string; text: string }
  /**
   * The review card of an invoice, rendered from the database when sent (so it shows the latest values).
   * Telegram edits the card already shown unless `fresh`; WhatsApp always sends it as a new message.
   */
  | { type: 'review_card'; invoiceId: string; fresh?: boolean };

/**
 * What each channel adapter hands a translated message to: the conversation core. deliveryId (Telegram
 * update_id, Twilio MessageSid) makes a redelivery a no-op once the message was handled; when handling throws,
 * nothing was recorded, and the adapter answers the webhook with an error so the platform redelivers.
 */
export type Handle = (chat: ChatRef, incoming: Incoming, deliveryId: string) => Promise<void>;
