import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validates a CFDI 4.0 (with its TFD 1.1) against SAT's XSDs using xmllint compiled to WebAssembly, so the
 * test suite needs nothing outside npm. The schemas live in fixtures/sat/xsd with their relative imports.
 */
const xsdRoot = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/sat/xsd');
const WRAPPER = 'lib/cfdi40-tfd.xsd';

let schemaFiles: Promise<XMLFileInfo[]> | undefined;

async function loadSchemas(): Promise<XMLFileInfo[]> {
  const entries = await readdir(xsdRoot, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.xsd'));
  return Promise.all(
    files.map(async (e) => {
      const full = join(e.parentPath, e.name);
      return { fileName: relative(xsdRoot, full), contents: await readFile(full, 'utf8') };
    }),
  );
}

export async function validateCfdiXsd(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  schemaFiles ??= loadSchemas();
  const files = await schemaFiles;
  const wrapper = files.find((f) => f.fileName === WRAPPER);
  if (!wrapper) throw new Error(`Missing ${WRAPPER} under ${xsdRoot}`);
  const result = await validateXML({
    xml: [{ fileName: 'cfdi.xml', contents: xml }],
    schema: [wrapper],
    preload: files.filter((f) => f !== wrapper),
    maxMemoryPages: 4096,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
