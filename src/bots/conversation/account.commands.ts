import { rfcKind } from '../../catalogs/rfc.js';
import { regimenDescripcion, usoCfdiDescripcion, usosForRegimen } from '../../catalogs/sat.catalogs.js';
import type { ProfilesTable } from '../../db/schema.js';
import { isAppError } from '../../errors.js';
import { createApiKey, revokeApiKeys } from '../../profiles/apikeys.service.js';
import { getTaxInfo } from '../../profiles/profiles.repo.js';
import { updateTaxInfoIn } from '../../profiles/profiles.service.js';
import { payingBalance } from './chat.billing.js';
import { say, type Turn } from './chat.context.js';
import { idMsg } from './identity.messages.js';
import { msg } from './messages.js';
import { usoChoices } from './signup.flow.js';

/** /saldo, /datos, /uso, /apikey: what a linked person asks about their own account. */
export async function showBalance(turn: Turn, profile: ProfilesTable): Promise<void> {
  const { credits, orgName } = await payingBalance(turn.deps.db, profile);
  say(turn, orgName ? msg.balanceOrg(orgName, credits, profile.credits_remaining) : msg.balanceOwn(credits));
}

const withDescription = (code: string | null, describe: (c: string) => string | undefined) =>
  code ? `${code} – ${describe(code) ?? ''}`.replace(/ – $/, '') : 'sin registrar';

export async function showTaxInfo(turn: Turn, profile: ProfilesTable): Promise<void> {
  const tax = await getTaxInfo(turn.deps.db, profile.id);
  say(
    turn,
    [
      'Tus datos fiscales:',
      `RFC: ${profile.rfc}`,
      `Nombre o razón social: ${tax?.taxpayer ?? profile.name}`,
      `Código postal: ${tax?.postal_code ?? 'sin registrar'}`,
      `Régimen fiscal: ${withDescription(tax?.fiscal_regimen ?? null, regimenDescripcion)}`,
      `Uso de CFDI: ${withDescription(tax?.cfdi_use ?? null, usoCfdiDescripcion)}`,
      '',
      'Cambia el uso de CFDI con /uso <clave>, por ejemplo /uso G03.',
    ].join('\n'),
  );
}

export async function setUso(turn: Turn, profile: ProfilesTable, arg: string): Promise<void> {
  const { db, clock } = turn.deps;
  const tax = await getTaxInfo(db, profile.id);
  const regimen = tax?.fiscal_regimen;
  const allowed = regimen ? usosForRegimen(regimen, rfcKind(profile.rfc)).map((u) => u.code) : [];
  const code = (arg.split(/\s+/)[0] ?? '').toUpperCase();
  if (!code) {
    const current = withDescription(tax?.cfdi_use ?? null, usoCfdiDescripcion);
    const choices = regimen ? usoChoices(regimen, profile.rfc) : undefined;
    say(
      turn,
      `Tu uso de CFDI es ${current}.\nPara cambiarlo escribe /uso <clave>. Opciones: ${allowed.join(', ')}.`,
      {
        choices: choices?.map((c) => ({ ...c, value: `/uso ${c.value}` })),
      },
    );
    return;
  }
  try {
    await updateTaxInfoIn(db, clock, profile.id, { invoice_cfdi_use: code });
    say(turn, `Listo: tus próximas facturas usarán ${withDescription(code, usoCfdiDescripcion)}.`);
  } catch (err) {
    if (!isAppError(err) || err.code !== 'ValidationError') throw err;
    say(turn, msg.badUso(allowed));
  }
}

/** One chat-issued key at a time: a new one revokes the previous, so a key leaked from an old chat dies. */
export async function issueApiKey(turn: Turn, profile: ProfilesTable): Promise<void> {
  const { db, clock } = turn.deps;
  if (profile.chat_keys_blocked === 1) return say(turn, idMsg.chatKeysBlocked());
  const replaced = await revokeApiKeys(db, clock, profile.id, 'chat');
  const key = await createApiKey(db, clock, profile.id, 'chat');
  turn.out.push({ type: 'text', text: idMsg.apiKey(key, replaced > 0), sensitive: true });
}

/** /revocar: every key of the profile, whoever minted it. */
export async function revokeAllKeys(turn: Turn, profile: ProfilesTable): Promise<void> {
  const revoked = await revokeApiKeys(turn.deps.db, turn.deps.clock, profile.id);
  say(turn, idMsg.keysRevoked(revoked));
}
