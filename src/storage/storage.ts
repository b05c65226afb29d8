/** Where receipt images, XML and PDF files live. Keys are relative, '/'-separated, never user input. */
export interface Storage {
  put(key: string, data: Buffer | string): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}
