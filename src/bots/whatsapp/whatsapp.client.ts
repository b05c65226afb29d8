import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

export type TwilioClient = ReturnType<typeof twilio>;

const TWILIO_DEFAULT = 'https://api.twilio.com';

/**
 * twilio's RequestClient with every api.twilio.com URL moved onto TWILIO_API_BASE_URL, so a local fake (or a
 * proxy) can stand in for Twilio while the real client builds the requests, auth and form encoding.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super({ autoRetry: false });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    if (uri.hostname.endsWith('twilio.com')) {
      const prefix = this.base.pathname.replace(/\/$/, '');
      const moved = new URL(`${prefix}${uri.pathname}${uri.search}`, this.base);
      return super.request<TData>({ ...opts, uri: moved.href });
    }
    return super.request<TData>(opts);
  }
}

export function createTwilioClient(opts: {
  accountSid: string;
  authToken: string;
  baseUrl: string;
}): TwilioClient {
  const custom = opts.baseUrl.replace(/\/$/, '') !== TWILIO_DEFAULT;
  return twilio(opts.accountSid, opts.authToken, {
    httpClient: custom ? new BaseUrlRequestClient(new URL(opts.baseUrl)) : undefined,
  });
}
