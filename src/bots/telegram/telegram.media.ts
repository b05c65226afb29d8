import { type Api, GrammyError } from 'grammy';
import { AppError } from '../../errors.js';
import { downloadLimited } from '../conversation/download.js';
import type { MediaFetcher } from '../conversation/media.flow.js';

/** getFile, then the file URL on the configured API root (a local Bot API server or a fake in tests). */
export function telegramFetcher(deps: {
  api: Api;
  token: string;
  apiRoot: string;
  maxBytes: number;
}): MediaFetcher {
  return async (media) => {
    let file: Awaited<ReturnType<Api['getFile']>>;
    try {
      file = await deps.api.getFile(media.ref);
    } catch (err) {
      // The cloud Bot API refuses files over 20 MB with "file is too big".
      if (err instanceof GrammyError && /too big/i.test(err.description)) {
        throw new AppError('PayloadTooLarge', 'Telegram file is too big');
      }
      if (err instanceof GrammyError && err.error_code === 400)
        throw new AppError('NotFound', err.description);
      throw err;
    }
    if ((file.file_size ?? 0) > deps.maxBytes)
      throw new AppError('PayloadTooLarge', 'Telegram file is too big');
    if (!file.file_path) throw new AppError('NotFound', 'Telegram gave no file path');
    const url = `${deps.apiRoot.replace(/\/$/, '')}/file/bot${deps.token}/${file.file_path}`;
    return downloadLimited(url, { maxBytes: deps.maxBytes });
  };
}
