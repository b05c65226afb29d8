/** Stamps and pen marks over the paper, as SVG in the paper's coordinates. */
import type { Rng } from './ticketgen.rng.js';

const STAMP_WORDS = ['PAGADO', 'REVISADO', 'ENTREGADO', 'CAJA', 'FACTURADO', 'RECIBIDO'];
const STAMP_INK = ['#b3262b', '#2b3fa8', '#6a2a8c', '#1f6b45'];
const PEN_INK = ['#1d3fbf', '#0b0b50', '#c01818', '#111111'];

function stamp(rng: Rng, w: number, h: number): string {
  const cx = rng.float(0.25, 0.75) * w;
  const cy = rng.float(0.2, 0.85) * h;
  const r = rng.float(0.12, 0.2) * w;
  const ink = rng.pick(STAMP_INK);
  const op = rng.float(0.45, 0.8).toFixed(2);
  const rot = rng.float(-25, 25).toFixed(1);
  const word = rng.pick(STAMP_WORDS);
  const date = `${rng.int(1, 28)} ${rng.pick(['ENE', 'MAR', 'JUN', 'SEP', 'NOV'])}`;
  const shape = rng.chance(0.5)
    ? `<circle cx="0" cy="0" r="${r}" fill="none" stroke="${ink}" stroke-width="${r / 12}"/><circle cx="0" cy="0" r="${r * 0.8}" fill="none" stroke="${ink}" stroke-width="${r / 30}"/>`
    : `<rect x="${-r * 1.3}" y="${-r * 0.5}" width="${r * 2.6}" height="${r}" rx="${r / 8}" fill="none" stroke="${ink}" stroke-width="${r / 12}"/>`;
  return `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rot})" opacity="${op}">${shape}<text x="0" y="${r * 0.12}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${(r * 0.38).toFixed(1)}" fill="${ink}">${word}</text><text x="0" y="${r * 0.5}" text-anchor="middle" font-family="DejaVu Sans" font-size="${(r * 0.2).toFixed(1)}" fill="${ink}">${date}</text></g>`;
}

/** A circle around the total, a tick, an underline or a scribble, in ballpoint ink. */
function pen(rng: Rng, w: number, h: number, totalY: number): string {
  const ink = rng.pick(PEN_INK);
  const sw = rng.float(2, 4).toFixed(1);
  const kind = rng.pick(['circle', 'tick', 'underline', 'scribble'] as const);
  const y = kind === 'circle' || kind === 'underline' ? totalY : rng.float(0.1, 0.95) * h;
  const x0 = rng.float(0.05, 0.5) * w;
  const j = (): number => rng.float(-6, 6);
  let d: string;
  if (kind === 'circle')
    d = `M ${w * 0.55} ${y - 4} C ${w * 1.02 + j()} ${y - 30 + j()}, ${w * 1.0 + j()} ${y + 55 + j()}, ${w * 0.6 + j()} ${y + 40 + j()} S ${w * 0.45} ${y + 5}, ${w * 0.62} ${y - 10}`;
  else if (kind === 'underline')
    d = `M ${w * 0.5} ${y + 40 + j()} Q ${w * 0.75} ${y + 46 + j()} ${w * 0.97} ${y + 38 + j()}`;
  else if (kind === 'tick')
    d = `M ${x0} ${y} l ${rng.float(10, 20)} ${rng.float(14, 24)} l ${rng.float(25, 45)} ${-rng.float(35, 60)}`;
  else
    d = `M ${x0} ${y} ${Array.from({ length: 6 }, () => `q ${rng.float(10, 40)} ${rng.float(-30, 30)} ${rng.float(20, 60)} ${rng.float(-10, 10)}`).join(' ')}`;
  return `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${sw}" stroke-linecap="round" opacity="0.85"/>`;
}

export function marksSvg(
  rng: Rng,
  withStamp: boolean,
  withPen: boolean,
): (w: number, h: number, totalY: number) => string {
  return (w, h, totalY) => `${withStamp ? stamp(rng, w, h) : ''}${withPen ? pen(rng, w, h, totalY) : ''}`;
}
