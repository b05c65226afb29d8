import { LOOKALIKE } from './lookalike.js';

/**
 * Words that make up Mexican business names (razón social, store names), our own list: the trades, the company
 * words and the common place words. A name word OCR misread by one look-alike letter (`GASOLIMEROS`, `CAFF.`)
 * is spelt back when exactly one of these words is that letter away.
 */
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

/**
 * The one known word a look-alike letter away from `word`, or null (none, or several). Never the first letter:
 * it feeds the RFC's initials, and real words differ there (`CASERA`/`GASERA`, `MOTEL`/`HOTEL`).
 */
function respell(word: string): string | null {
  let found: string | null = null;
  for (let i = 1; i < word.length; i++) {
    for (const alt of LOOKALIKE[word[i] ?? ''] ?? []) {
      const candidate = word.slice(0, i) + alt + word.slice(i + 1);
      if (!KNOWN.has(candidate)) continue;
      if (found !== null && found !== candidate) return null;
      found = candidate;
    }
  }
  return found;
}

/**
 * The one known word that starts with `initial` and is as long as `word`, at most two letters apart from it (the
 * first among them), or null. For a razón social whose initial the company RFC contradicts: a faded `KIOSCO` reads
 * `EXOSCO`, and the RFC's K says which known word it was. A known word is never changed (`HOTEL` stays).
 */
export function respellToInitial(word: string, initial: string): string | null {
  if (KNOWN.has(word) || word[0] === initial) return null;
  const found = WORDS.filter(
    (w) => w[0] === initial && w.length === word.length && [...w].filter((c, i) => c !== word[i]).length <= 2,
  );
  return found.length === 1 ? (found[0] as string) : null;
}

/**
 * `word` with its first letter lost (`ADENA` for CADENA: a faded or clipped initial, or one read as a quote): the
 * known word `initial` + `word`, or null. A known word is never changed.
 */
export function withLostInitial(word: string, initial: string): string | null {
  return !KNOWN.has(word) && KNOWN.has(initial + word) ? initial + word : null;
}

/**
 * A business name with each word OCR misread by one look-alike letter spelt back (`SERVICIOS GASOLIMEROS DEL
 * VALLE` → `… GASOLINEROS …`; `CAFF.` → `CAFE`, the stray dot going with the slip). Known words, short words,
 * proper names no known word is near, and ambiguous slips are left as read.
 */
export function spellBusinessWords(name: string): string {
  return withAmpersand(name).replace(/\b([A-Z]{4,})(\.?)(?=\s|,|$)/g, (all, word: string) => {
    if (KNOWN.has(word)) return all;
    const fixed = respell(word);
    return fixed === null ? all : fixed;
  });
}

/**
 * An ampersand between two words, which OCR reads as a currency or percent sign, often with a stray `:` or `.`
 * (`MODA €: HOGAR`, `MODA $: HOGAR` for `MODA & HOGAR`), or as a 6 with that stray mark (`LOPEZ 6: HIJOS`; a
 * figure alone stays: `GRUPO 6 HERMANOS`, and so does one before a company type: `SERVICIO 6: SA DE CV`).
 */
export function withAmpersand(name: string): string {
  return name.replace(/(?<=[A-Z]{2}) (?:[€$£%&][:.]?|6:) (?=[A-Z]{2})(?!S\.?\s?[AC]\b|DE\b)/g, ' & ');
}
