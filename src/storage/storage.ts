import type { Readable } from 'node:stream';

/** Where receipt images, XML and PDF files live. Keys are relative, '/'-separated, never user input. */
export interface Storage {
  put(key: string, data: Buffer | string): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** A file to stream out (downloads): its size and its bytes, read a piece at a time. NotFound if absent. */
  open(key: string): Promise<StoredFile>;
}

export interface StoredFile {
  size: number;
  stream: Readable;
}
