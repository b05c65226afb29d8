import { AppError } from '../../errors.js';
import { downloadLimited } from '../conversation/download.js';
import type { MediaFetcher } from '../conversation/media.flow.js';

/**
 * Twilio media URLs need the account's basic auth. Only URLs on the Twilio API base are fetched, so the
 * credentials never go to a host named in a message.
 */
export function whatsappFetcher(deps: {
  accountSid: string;
  authToken: string;
  baseUrl: string;
  maxBytes: number;
}): MediaFetcher {
  const origin = new URL(deps.baseUrl).origin;
  const auth = `Basic ${Buffer.from(`${deps.accountSid}:${deps.authToken}`).toString('base64')}`;
  return async (media) => {
    if (new URL(media.ref).origin !== origin)
      throw new AppError('NotFound', 'Media URL is not on the Twilio API');
    return downloadLimited(media.ref, { maxBytes: deps.maxBytes, headers: { authorization: auth } });
  };
}
