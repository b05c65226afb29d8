/**
 * What each kind of store sells: description, price range in pesos, tax treatment and unit. Tax treatment:
 * `g` IVA 16 %, `f` IVA 0 % (basic food, medicines), `s` IEPS 8 % then IVA 16 % (snacks, sugary drinks).
 */
import type { Rng } from './ticketgen.rng.js';
import type { Category } from './ticketgen.vendors.js';

export type Tax = 'g' | 'f' | 's';
export type Unit = 'pz' | 'kg' | 'l';
interface Product {
  description: string;
  min: number;
  max: number;
  tax: Tax;
  unit: Unit;
}

const P = (description: string, min: number, max: number, tax: Tax = 'g', unit: Unit = 'pz'): Product => ({
  description,
  min,
  max,
  tax,
  unit,
});

const CATALOG: Record<Category, Product[]> = {
  convenience: [
    P('REFRESCO COLA 600ML', 18, 24, 's'),
    P('PAPAS FRITAS 45G', 17, 23, 's'),
    P('GALLETAS CHOCOLATE', 15, 28, 's'),
    P('AGUA MINERAL 1.5L', 16, 25),
    P('CIGARROS 20PZ', 75, 92),
    P('CERVEZA LATA 355ML', 19, 27),
    P('LECHE ENTERA 1L', 24, 31, 'f'),
    P('PAN DULCE', 12, 19, 'f'),
    P('JUGO NARANJA 1L', 25, 38, 's'),
    P('HIELO BOLSA 3KG', 22, 30),
    P('CHICLES MENTA', 8, 14, 's'),
    P('RECARGA TIEMPO AIRE', 50, 200),
    P('SANDWICH JAMON', 35, 49),
    P('PILAS AA 4PZ', 55, 89),
  ],
  supermarket: [
    P('JITOMATE SALADET', 18, 42, 'f', 'kg'),
    P('PLATANO TABASCO', 15, 28, 'f', 'kg'),
    P('CARNE MOLIDA RES', 149, 199, 'f', 'kg'),
    P('HUEVO BLANCO 18PZ', 52, 75, 'f'),
    P('DETERGENTE LIQ 3L', 89, 145),
    P('CEREAL HOJUELAS 500G', 45, 72, 's'),
    P('YOGURT BEBIBLE', 12, 19, 's'),
    P('SERVILLETAS 500PZ', 29, 45),
    P('CAFE SOLUBLE 200G', 89, 139),
    P('SHAMPOO 750ML', 59, 98),
    P('MANZANA ROJA', 39, 62, 'f', 'kg'),
    P('QUESO OAXACA', 119, 179, 'f', 'kg'),
    P('FRIJOL BAYO 1KG', 32, 46, 'f'),
    P('PASTA SOPA 200G', 8, 14, 'f'),
    P('CLORO 2L', 22, 35),
    P('CHOCOLATE EN POLVO', 49, 79, 's'),
  ],
  gas: [
    P('MAGNA', 22.9, 24.6, 'g', 'l'),
    P('PREMIUM', 24.5, 26.9, 'g', 'l'),
    P('DIESEL', 24.2, 26.4, 'g', 'l'),
  ],
  restaurant: [
    P('ENCHILADAS SUIZAS', 115, 165),
    P('TACOS AL PASTOR 4PZ', 70, 110),
    P('SOPA DE TORTILLA', 75, 105),
    P('ARRACHERA 300G', 230, 320),
    P('AGUA DE JAMAICA', 32, 48),
    P('CERVEZA NACIONAL', 45, 65),
    P('FLAN NAPOLITANO', 55, 75),
    P('CHILAQUILES VERDES', 95, 135),
    P('MOLE POBLANO', 145, 195),
    P('LIMONADA NATURAL', 38, 52),
    P('GUACAMOLE', 85, 120),
    P('PESCADO ZARANDEADO', 260, 380),
  ],
  pharmacy: [
    P('PARACETAMOL 500MG 20TAB', 25, 60, 'f'),
    P('IBUPROFENO 400MG 10TAB', 35, 85, 'f'),
    P('OMEPRAZOL 20MG 14CAP', 45, 140, 'f'),
    P('ALCOHOL 250ML', 28, 45),
    P('GASAS ESTERILES', 22, 48),
    P('VITAMINA C 1G', 89, 189),
    P('SUERO ORAL 625ML', 22, 35),
    P('PROTECTOR SOLAR FPS50', 189, 349),
    P('CEPILLO DENTAL', 25, 69),
    P('LORATADINA 10MG', 39, 110, 'f'),
    P('CUBREBOCAS 10PZ', 35, 65),
  ],
  department: [
    P('PLAYERA ALGODON M', 149, 399),
    P('PANTALON MEZCLILLA', 399, 899),
    P('TENIS DEPORTIVOS', 699, 1899),
    P('TOALLA BAÑO', 189, 349),
    P('JUEGO DE SABANAS', 459, 999),
    P('SARTEN ANTIADHERENTE', 299, 699),
    P('CALCETINES 3PAR', 129, 229),
    P('LICUADORA 10VEL', 799, 1499),
    P('PERFUME 100ML', 899, 2499),
    P('MOCHILA ESCOLAR', 349, 799),
  ],
  coffee: [
    P('CAPUCHINO GRANDE', 55, 79),
    P('LATTE VAINILLA', 59, 85),
    P('AMERICANO CHICO', 35, 49),
    P('CONCHA VAINILLA', 14, 22, 'f'),
    P('CROISSANT JAMON', 55, 79),
    P('FRAPPE MOKA', 65, 92, 's'),
    P('TE CHAI', 49, 69),
    P('PAN DE ELOTE', 35, 48, 'f'),
    P('GALLETA AVENA', 22, 32, 's'),
  ],
  hardware: [
    P('TORNILLO 1/4 X 2', 1.5, 3.5),
    P('CEMENTO GRIS 50KG', 215, 265),
    P('PINTURA VINILICA 4L', 389, 649),
    P('CINTA AISLAR', 15, 28),
    P('TUBO PVC 1/2 6M', 65, 110),
    P('BROCHA 3 PULG', 35, 65),
    P('FOCO LED 9W', 29, 55),
    P('CABLE CAL 12 M', 12, 19, 'g', 'l'),
    P('MARTILLO UÑA 16OZ', 129, 229),
    P('SILICON TRANSPARENTE', 59, 95),
    P('LIJA AGUA 100', 8, 14),
    P('CANDADO 40MM', 89, 159),
  ],
};

export interface Line {
  description: string;
  quantity: number;
  /** Unit price in cents. */
  unit: number;
  /** Line total in cents, taxes included. */
  amount: number;
  tax: Tax;
  unitKind: Unit;
}

const cents = (pesos: number): number => Math.round(pesos * 100);

/** Quantity for a product: litres at the pump, kg on the scale, metres of cable, else whole units. */
function quantityOf(rng: Rng, p: Product): number {
  if (p.unit === 'l' && p.min > 20) return Math.round(rng.float(8, 55) * 1000) / 1000;
  if (p.unit === 'kg') return Math.round(rng.float(0.15, 2.4) * 1000) / 1000;
  if (p.unit === 'l') return rng.int(2, 25);
  return rng.weighted([
    [1, 8],
    [2, 3],
    [3, 1],
    [rng.int(4, 12), 1],
  ] as const);
}

export function drawLines(rng: Rng, category: Category): Line[] {
  const catalog = CATALOG[category];
  const n =
    category === 'gas'
      ? 1
      : rng.weighted([
          [rng.int(1, 3), 3],
          [rng.int(4, 8), 5],
          [rng.int(9, 16), 2],
        ] as const);
  const products = rng.shuffle(catalog).slice(0, Math.min(n, catalog.length));
  return products.map((p) => {
    const quantity = quantityOf(rng, p);
    const unit = cents(
      rng.chance(0.5) ? Math.round(rng.float(p.min, p.max)) - 0.1 * rng.int(0, 1) : rng.float(p.min, p.max),
    );
    return {
      description: p.description,
      quantity,
      unit,
      amount: Math.round(quantity * unit),
      tax: p.tax,
      unitKind: p.unit,
    };
  });
}
