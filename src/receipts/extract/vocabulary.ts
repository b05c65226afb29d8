import { GIVEN_NAMES } from '../../catalogs/given.names.js';
import { isSpanishWord } from '../../catalogs/spanish.words.js';
import { LOOKALIKE, oneSwapped } from './lookalike.js';

/** Words of Mexican business names, our own list: trades, company words, common place words. */
const WORDS = `
ABARROTERA ABARROTES ACEROS AGENCIA AGRICOLA AGROPECUARIA ALIMENTOS ALMACEN ALMACENES ALTURA AMERICANA ARTICULOS
ASOCIADOS AUTOMOTRIZ AUTOPARTES AUTOSERVICIO AUTOTRANSPORTES AVICOLA BAJIO BEBIDAS BOTANAS BOTICA BOUTIQUE
CADENA CAFE CAFETERIA CALZADO CARNES CARNICERIA CASA CENTRAL CENTRO CERVECERIA CINE CLINICA COCINA COMBUSTIBLES
COMERCIAL COMERCIALIZADORA COMERCIO COMIDA COMIDAS COMPANIA COMPUTACION CONSTRUCCION CONSTRUCTORA CONSULTORES
CONSULTORIO CONVENIENCIA CORPORACION CORPORATIVO CREMERIA DEPORTES DEPORTIVOS DESARROLLOS DISTRIBUIDORA
DISTRIBUIDORES DROGUERIA DULCERIA ELECTRICA ELECTRICOS ELECTRONICA EMPRESAS ESTACION ESTETICA EXPRESS FARMACEUTICA
FARMACIA FARMACIAS FERRETERA FERRETERIA FERRETERIAS FLORERIA FONDA FRESCOS FRUTAS FRUTERIA GAS GASERA GASOLINERA
GASOLINERAS GASOLINEROS GOLFO GOURMET GRUPO HERMANOS HOGAR HOSPITAL HOTEL HOTELERA HOTELES IMPORTACIONES INDUSTRIAL
INDUSTRIAS INMOBILIARIA INTERNACIONAL JOYERIA JUGUETERIA KIOSCO KIOSKO LABORATORIO LABORATORIOS LACTEOS
LAVANDERIA LIBRERIA
LICORES LLANTAS LOGISTICA LONCHERIA MARISCOS MATERIALES MAYOREO MEDICA MEDICOS MERCADO MERCADOS MEXICANA MEXICANO
MEXICO MINISUPER MISCELANEA MODA MOTORES MUEBLERIA MUEBLES NACIONAL NEGOCIOS NORTE NUTRICION OCCIDENTE OPERADORA
OPTICA ORIENTE PACIFICO PANADERIA PANIFICADORA PAPELERIA PASTELERIA PERFUMERIA PESCADERIA PETROLEOS PIZZERIA
PLAZA POLLERIA POLLOS PONIENTE PRODUCTOS PROMOTORA PROVEEDORA PURIFICADORA REFACCIONARIA REFACCIONES REGIONAL
RESTAURANTE RESTAURANTES ROSTICERIA ROPA SALON SERVICIO SERVICIOS SOLUCIONES SUCURSAL SUPER SUPERMERCADO
SUPERMERCADOS SUR TACOS TALLER TAQUERIA TECNOLOGIA TELECOMUNICACIONES TIENDA TIENDAS TINTORERIA TORTILLERIA
TRANSPORTES TURISMO VALLE VENTAS VETERINARIA VIAJES VINOS ZAPATERIA
ABASTECEDORA ABARROTERAS ACABADOS AUTOLAVADO AUTOSERVICIOS BARBERIA BIRRIERIA CAFETERIAS CARNICERIAS CEMENTOS
CENADURIA CERRAJERIA COMERCIALES CREMERIAS DISTRIBUCIONES EQUIPOS FRUTERIAS GASTRONOMIA GASTRONOMICA HELADERIA
HERRERIA LUBRICANTES MARISQUERIA NEVERIA OPTICAS PANADERIAS PAPELERA PAPELERIAS PARRILLA PESCADOS PINTURAS
PIZZERIAS RECAUDERIA SUMINISTROS TAPICERIA TAQUERIAS TLAPALERIA TORTILLERIAS TOSTADORES VIDRIERIA ZAPATERIAS
`
  .trim()
  .split(/\s+/);

const KNOWN = new Set(WORDS);

const replaced = (w: string, i: number, c: string, n = 1): string => w.slice(0, i) + c + w.slice(i + n);

/** `word` with any one letter changed, the first too, or a U or an M a blurred stroke split in two joined back. */
const oneMisread = (word: string): string[] => [
  ...[...word].flatMap((_, i) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => replaced(word, i, c))),
  ...[...word.matchAll(/LI|II|IJ|RN/g)].map((m) => replaced(word, m.index, m[0] === 'RN' ? 'M' : 'U', 2)),
];

/** The one known word `word` misreads, else null: a look-alike letter off, never the first (`MOTEL`/`HOTEL`); for a
 * long word that is no Spanish word, any misread oneMisread undoes (`MATERZALES`, `RESTALIRANTES`). */
function respell(word: string): string | null {
  const misread =
    word.length >= 7 && !isSpanishWord(word) ? oneMisread(word) : oneSwapped(word, LOOKALIKE, 1);
  const found = new Set(misread.filter((w) => KNOWN.has(w)));
  return found.size === 1 ? ([...found][0] as string) : null;
}

/**
 * The one known word as long as `word` that starts with the RFC's `initial` and is at most two letters from it
 * (`EXOSCO` → `KIOSCO`), else null. A known word is never changed.
 */
export function respellToInitial(word: string, initial: string): string | null {
  if (KNOWN.has(word) || word[0] === initial) return null;
  const found = WORDS.filter(
    (w) => w[0] === initial && w.length === word.length && [...w].filter((c, i) => c !== word[i]).length <= 2,
  );
  return found.length === 1 ? (found[0] as string) : null;
}

/**
 * A word of a name that is a known word one or two letters short at its end or its start (`FARMACEUTIC`, `ARMACIA`
 * under a pen stroke): cut, not spelt.
 */
export const cutShort = (word: string): boolean =>
  word.length >= 5 &&
  !KNOWN.has(word) &&
  WORDS.some((w) => w.length - word.length <= 2 && (w.startsWith(word) || w.endsWith(word)));

/** A company name's word of 7 letters or more a look-alike letter from a Spanish word (`MARCARITAS`; shorter proper
 * names often are), a person's from a given name (`SOFTA`), and neither itself: misread. */
export function misreadWord(word: string, person: boolean): boolean {
  const known = (w: string): boolean => (person ? GIVEN_NAMES.has(w) : isSpanishWord(w));
  if (word.length < (person ? 4 : 7) || known(word) || KNOWN.has(word)) return false;
  return oneSwapped(word, LOOKALIKE, 1).some(known);
}

/** A business name with each word misread by one look-alike letter spelt back. */
export function spellBusinessWords(name: string): string {
  return withAmpersand(name).replace(/\b([A-Z]{4,})(\.?)(?=\s|,|$)/g, (all, word: string) =>
    KNOWN.has(word) ? all : (respell(word) ?? all),
  );
}

/** An ampersand between two words read as a currency sign or a 6 with a stray mark. */
const withAmpersand = (name: string): string =>
  name.replace(/(?<=[A-Z]{2}) (?:[€$£%&][:.]?|6:) (?=[A-Z]{2})(?!S\.?\s?[AC]\b|DE\b)/g, ' & ');
