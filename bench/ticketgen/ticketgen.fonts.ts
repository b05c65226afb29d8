/**
 * The fonts tickets are printed in (Debian packages installed by setup.sh), with the width of an average
 * character of ticket text in em, measured once on upper-case words and amounts in bold (the wider weight).
 */
export interface Font {
  family: string;
  advance: number;
  mono: boolean;
}

const F = (family: string, advance: number, mono: boolean): Font => ({ family, advance, mono });

export const BODY_FONTS: Font[] = [
  F('DejaVu Sans Mono', 0.601, true),
  F('Liberation Mono', 0.6, true),
  F('FreeMono', 0.6, true),
  F('Noto Mono', 0.6, true),
  F('Inconsolata', 0.5, true),
  F('Courier Prime', 0.6, true),
  F('Hack', 0.601, true),
  F('Anonymous Pro', 0.545, true),
  F('JetBrains Mono', 0.6, true),
  F('Go Mono', 0.6, true),
  F('Nimbus Mono PS', 0.6, true),
  F('DejaVu Sans Condensed', 0.601, false),
  F('Liberation Sans Narrow', 0.48, false),
  F('FreeSans', 0.593, false),
  F('Roboto Condensed', 0.49, false),
  F('Lato', 0.567, false),
  F('Nimbus Sans Narrow', 0.48, false),
  F('Open Sans', 0.57, false),
];

export const TITLE_FONTS: Font[] = [
  F('Liberation Sans', 0.584, false),
  F('DejaVu Sans', 0.668, false),
  F('Roboto', 0.556, false),
  F('Open Sans Condensed', 0.451, false),
  F('Liberation Serif', 0.575, false),
  F('Go', 0.596, false),
  F('Lato', 0.567, false),
];
