import { describe, expect, it } from 'vitest';
import { invoicePdfDefinition } from '../../src/pdf/invoice.pdf.js';
import { WARM_UP_CFDI, warmUpPdf } from '../../src/pdf/invoice.warmup.js';

describe('warmUpPdf', () => {
  it('renders the made-up invoice through every section without failing', async () => {
    await expect(warmUpPdf(2)).resolves.toBeUndefined();
  });

  it('uses an invoice that cannot be mistaken for a real one', () => {
    const def = JSON.stringify(invoicePdfDefinition(WARM_UP_CFDI, { sandbox: false }, 'data:,'));
    expect(def).toContain('EMISOR DE CALENTAMIENTO');
    expect(def).toContain('00000000-0000-4000-8000-000000000000');
    expect(WARM_UP_CFDI.xml).toBe('');
  });
});
