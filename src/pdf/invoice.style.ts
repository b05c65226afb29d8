import type { Content } from 'pdfmake/interfaces.js';

/** Shared look of the representación impresa: colour, table layouts and small text helpers. */
export const ACCENT = '#1f3a5f';

/** Table layouts inline (not registered globally), so a definition is self-contained. */
export const boxed = {
  hLineWidth: () => 0.8,
  vLineWidth: () => 0.8,
  hLineColor: () => ACCENT,
  vLineColor: () => ACCENT,
  fillColor: (row: number) => (row === 0 ? ACCENT : null),
};
export const striped = {
  hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i <= 1 ? ACCENT : '#bbbbbb'),
  fillColor: (row: number) => (row === 0 ? ACCENT : row % 2 === 0 ? '#f2f5f9' : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

export const label = (text: string): Content => ({ text, style: 'label' });
export const field = (name: string, value: string): Content => ({
  text: [{ text: `${name}: `, bold: true }, value],
  style: 'field',
});
export const sectionTitle = (text: string): Content => ({ text, style: 'sectionTitle' });
