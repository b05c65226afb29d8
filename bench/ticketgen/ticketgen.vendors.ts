/**
 * Invented vendors: category, commercial name, razón social (persona moral with a company type, or a persona
 * física's full name), RFC formed from it, address. None is a real company; the words are common Spanish.
 */
import { fisicaLetters, formRfc, moralLetters } from './ticketgen.rfc.js';
import type { Rng } from './ticketgen.rng.js';

export type Category =
  | 'convenience'
  | 'supermarket'
  | 'gas'
  | 'restaurant'
  | 'pharmacy'
  | 'department'
  | 'coffee'
  | 'hardware';

export const CATEGORIES: Category[] = [
  'convenience',
  'supermarket',
  'gas',
  'restaurant',
  'pharmacy',
  'department',
  'coffee',
  'hardware',
];

export interface Vendor {
  category: Category;
  storeName: string;
  razonSocial: string;
  rfc: string;
  persona: 'moral' | 'fisica';
  street: string;
  colonia: string;
  city: string;
  postalCode: string;
  phone: string;
}

/** Business words by category: [word in the razón social, word in the commercial name]. */
const TRADE: Record<Category, Array<[string, string]>> = {
  convenience: [
    ['TIENDAS DE CONVENIENCIA', 'MINI'],
    ['COMERCIALIZADORA', 'ABARROTES'],
    ['MINISUPERS', 'SUPER'],
    ['AUTOSERVICIOS', 'TIENDA'],
  ],
  supermarket: [
    ['SUPERMERCADOS', 'SUPER'],
    ['CENTRO COMERCIAL', 'BODEGA'],
    ['ABARROTERA', 'MERCADO'],
    ['DISTRIBUIDORA DE ALIMENTOS', 'HIPER'],
  ],
  gas: [
    ['GASOLINERA', 'GASOLINERA'],
    ['SERVICIO', 'SERVICIO'],
    ['COMBUSTIBLES', 'E.S.'],
    ['GASOLINERIA', 'GAS'],
  ],
  restaurant: [
    ['OPERADORA DE RESTAURANTES', 'RESTAURANTE'],
    ['ALIMENTOS Y BEBIDAS', 'TAQUERIA'],
    ['GRUPO GASTRONOMICO', 'CANTINA'],
    ['SERVICIOS RESTAURANTEROS', 'MARISQUERIA'],
  ],
  pharmacy: [
    ['FARMACIAS', 'FARMACIA'],
    ['DISTRIBUIDORA FARMACEUTICA', 'FARMACIAS'],
    ['BOTICAS', 'BOTICA'],
    ['SERVICIOS DE SALUD', 'FARMA'],
  ],
  department: [
    ['ALMACENES', 'ALMACENES'],
    ['TIENDAS DEPARTAMENTALES', 'TIENDAS'],
    ['COMERCIAL TEXTIL', 'BOUTIQUE'],
    ['IMPORTADORA', 'OUTLET'],
  ],
  coffee: [
    ['CAFETERIAS', 'CAFE'],
    ['TOSTADORES', 'CAFETERIA'],
    ['COMERCIALIZADORA DE CAFE', 'CAFE'],
    ['PANIFICADORA', 'PANADERIA'],
  ],
  hardware: [
    ['FERRETERIAS', 'FERRETERIA'],
    ['MATERIALES PARA CONSTRUCCION', 'MATERIALES'],
    ['TLAPALERIA', 'TLAPALERIA'],
    ['HERRAMIENTAS Y PINTURAS', 'FERRE'],
  ],
};

const PLACE = [
  'SAN MIGUEL',
  'EL ROBLE',
  'LA PALMA',
  'LOS ALAMOS',
  'SANTA FE',
  'EL MIRADOR',
  'LA LUNA',
  'DEL PACIFICO',
  'EL NOPAL',
  'LAS MARGARITAS',
  'DEL SURESTE',
  'LA HUASTECA',
  'EL CARDENAL',
  'SAN ISIDRO',
  'LA CANTERA',
  'DEL LAGO',
  'TRES RIOS',
  'EL AGAVE',
  'LA FRONTERA',
  'DEL CENTRO',
  'LA VIOLETA',
  'SAN RAFAEL',
  'EL PORVENIR',
  'LAS HUERTAS',
  'DEL ISTMO',
  'LA AURORA',
  'EL FRESNO',
  'DEL MAYAB',
  'LA ESPERANZA',
  'CINCO SOLES',
  'VALLE VERDE',
  'PUNTA NORTE',
  'LA JOYA',
];
const COMPANY_TYPE: Array<[string, number]> = [
  ['S.A. DE C.V.', 4],
  ['SA DE CV', 4],
  ['S. DE R.L. DE C.V.', 2],
  ['S DE RL DE CV', 1],
  ['S.C.', 1],
  ['S.A.P.I. DE C.V.', 1],
  ['S.A.', 1],
];
const GIVEN = [
  'JUAN',
  'JOSE LUIS',
  'MARIA GUADALUPE',
  'ROSA ELENA',
  'FRANCISCO',
  'MARTHA',
  'ALEJANDRO',
  'MARIA DEL CARMEN',
  'JORGE',
  'VERONICA',
  'RICARDO',
  'ANA LAURA',
  'MIGUEL ANGEL',
  'LETICIA',
  'ARTURO',
  'SOFIA',
  'ERNESTO',
  'JOSE ANTONIO',
  'BEATRIZ',
  'RAUL',
];
const SURNAME = [
  'HERNANDEZ',
  'GARCIA',
  'MARTINEZ',
  'LOPEZ',
  'GONZALEZ',
  'PEREZ',
  'RODRIGUEZ',
  'SANCHEZ',
  'RAMIREZ',
  'CRUZ',
  'FLORES',
  'GOMEZ',
  'MORALES',
  'VAZQUEZ',
  'JIMENEZ',
  'REYES',
  'DIAZ',
  'TORRES',
  'GUTIERREZ',
  'AGUILAR',
  'ORTIZ',
  'CASTILLO',
  'ROMERO',
  'ALVAREZ',
  'CHAVEZ',
  'RIVERA',
  'JUAREZ',
  'DOMINGUEZ',
  'HERRERA',
  'MEDINA',
  'CASTRO',
  'VARGAS',
  'GUZMAN',
  'SALAZAR',
  'OCHOA',
  'IBARRA',
  'ESPINOZA',
  'DE LA ROSA',
  'DEL VALLE',
  'NUÑEZ',
  'PEÑA',
  'CERVANTES',
  'ZAVALA',
  'QUINTERO',
  'BECERRA',
  'ACOSTA',
  'UC',
  'PECH',
];
const STREET = [
  'AV. INSURGENTES',
  'CALLE HIDALGO',
  'BLVD. LOPEZ MATEOS',
  'AV. JUAREZ',
  'CALLE MORELOS',
  'AV. REVOLUCION',
  'CALZ. DEL HUESO',
  'AV. UNIVERSIDAD',
  'CALLE 60',
  'PROL. GUERRERO',
  'AV. VALLARTA',
  'CARR. FEDERAL 57',
  'AV. TECNOLOGICO',
  'CALLE ALLENDE',
  'BLVD. ADOLFO RUIZ CORTINES',
];
const COLONIA = [
  'CENTRO',
  'DEL VALLE',
  'JARDINES',
  'LAS AMERICAS',
  'INDUSTRIAL',
  'SAN BENITO',
  'LOMAS',
  'EL CARMEN',
  'OBRERA',
  'MODERNA',
  'REFORMA',
  'BUENAVISTA',
  'FLORIDA',
  'VISTA HERMOSA',
];
const CITY = [
  'MERIDA, YUC.',
  'MONTERREY, N.L.',
  'GUADALAJARA, JAL.',
  'PUEBLA, PUE.',
  'QUERETARO, QRO.',
  'TOLUCA, MEX.',
  'LEON, GTO.',
  'OAXACA, OAX.',
  'HERMOSILLO, SON.',
  'CULIACAN, SIN.',
  'VERACRUZ, VER.',
  'MORELIA, MICH.',
  'CIUDAD DE MEXICO',
  'SALTILLO, COAH.',
  'TIJUANA, B.C.',
  'CANCUN, Q.ROO',
];

const dateBetween = (rng: Rng, y0: number, y1: number): Date =>
  new Date(Date.UTC(rng.int(y0, y1), rng.int(0, 11), rng.int(1, 28)));

function persona(rng: Rng, category: Category) {
  const given = rng.pick(GIVEN);
  const [s1, s2] = rng.shuffle(SURNAME) as [string, string];
  const name = rng.chance(0.85) ? `${given} ${s1} ${s2}` : `${s1} ${s2} ${given}`;
  const trade = (TRADE[category][0] as [string, string])[1];
  const storeName = rng.chance(0.5) ? `${trade} ${rng.pick(PLACE)}` : `${trade} ${s1}`;
  const rfc = formRfc(fisicaLetters(given, s1, s2), dateBetween(rng, 1955, 2003), rng);
  return { storeName, razonSocial: name, rfc, persona: 'fisica' as const };
}

function moral(rng: Rng, category: Category) {
  const [trade, shortTrade] = rng.pick(TRADE[category]);
  const place = rng.pick(PLACE);
  const denominacion = rng.weighted([
    [`${trade} ${place}`, 6],
    [`GRUPO ${trade} ${place}`, 2],
    [`${trade} Y SERVICIOS ${place}`, trade.includes(' Y ') ? 0 : 1],
    [`${place}`, 1],
  ] as const);
  const type = rng.weighted(COMPANY_TYPE);
  const comma = type.includes('.') && rng.chance(0.6) ? ',' : '';
  const storeName = rng.weighted([
    [`${shortTrade} ${place}`, 3],
    [place, 2],
    [`${place} ${rng.pick(['24H', 'EXPRESS', 'PLUS', 'SUCURSAL 2'])}`, 1],
  ] as const);
  const rfc = formRfc(moralLetters(denominacion), dateBetween(rng, 1985, 2023), rng);
  return { storeName, razonSocial: `${denominacion}${comma} ${type}`, rfc, persona: 'moral' as const };
}

export function drawVendor(rng: Rng): Vendor {
  const category = rng.pick(CATEGORIES);
  const fisicaOdds = category === 'gas' || category === 'department' ? 0.05 : 0.3;
  const who = rng.chance(fisicaOdds) ? persona(rng, category) : moral(rng, category);
  return {
    category,
    ...who,
    street: `${rng.pick(STREET)} ${rng.int(1, 3999)}${rng.chance(0.2) ? `-${rng.pick(['A', 'B', 'C'])}` : ''}`,
    colonia: rng.pick(COLONIA),
    city: rng.pick(CITY),
    postalCode: String(rng.int(1000, 99999)).padStart(5, '0'),
    phone: `${rng.int(222, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
  };
}
