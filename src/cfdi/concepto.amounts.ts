/**
 * Cantidad and ValorUnitario text for a line whose Importe is fixed (in cents). SAT accepts Importe within
 * limits of Cantidad × ValorUnitario, so ValorUnitario is Importe / Cantidad with up to six decimals (two when
 * exact, as a person would write it).
 */
const MILLI = 1000;

export function formatCantidad(quantity: number): string {
  const milli = Math.round(quantity * MILLI);
  if (milli % MILLI === 0) return String(milli / MILLI);
  return (milli / MILLI).toFixed(3).replace(/0+$/, '');
}

export function valorUnitario(importeCents: number, cantidad: string): string {
  const milli = BigInt(Math.round(Number(cantidad) * MILLI));
  // In millionths of a peso (cents × 10^4), divided by the quantity in thousandths (so × 10^3), half up.
  const num = BigInt(importeCents) * 10_000n * 1000n;
  const micro = (2n * num + milli) / (2n * milli);
  const whole = micro / 1_000_000n;
  const frac = String(micro % 1_000_000n).padStart(6, '0');
  const trimmed = frac.replace(/0+$/, '');
  return `${whole}.${trimmed.length <= 2 ? frac.slice(0, 2) : trimmed}`;
}

/** Decimal text as an integer over a power of ten, for exact checks. */
function scaled(s: string): { n: bigint; d: number } {
  const [i = '0', f = ''] = s.split('.');
  return { n: BigInt(i + f), d: f.length };
}

const floorDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? a / b : -((-a + b - 1n) / b));
const ceilDiv = (a: bigint, b: bigint): bigint => -floorDiv(-a, b);

/** SAT's limits for a concepto Importe (cents): (Cantidad ∓ ½ulp) × (ValorUnitario ∓ ½ulp), floor / ceiling. */
export function importeLimits(cantidad: string, valor: string): { lo: number; hi: number } {
  const c = scaled(cantidad);
  const v = scaled(valor);
  const den = 4n * 10n ** BigInt(c.d + v.d);
  return {
    lo: Number(floorDiv(100n * (2n * c.n - 1n) * (2n * v.n - 1n), den)),
    hi: Number(ceilDiv(100n * (2n * c.n + 1n) * (2n * v.n + 1n), den)),
  };
}
