import { isGenericRfc, isValidRfc, normalizeRfc, rfcKind } from '../../catalogs/rfc.js';
import { isUsoAllowedForRegimen, isValidRegimen, usosForRegimen } from '../../catalogs/sat.catalogs.js';
import { grantCreditsIn } from '../../credits/credits.service.js';
import type { ProfilesTable } from '../../db/schema.js';
import { isAppError } from '../../errors.js';
import { findProfileByRfc } from '../../profiles/profiles.repo.js';
import { insertProfile } from '../../profiles/profiles.service.js';
import { say, type Turn } from './chat.context.js';
import { type Conversation, clearConversation, linkChat, setConversation } from './chat.repo.js';
import type { Choice } from './conversation.types.js';
import { idMsg } from './identity.messages.js';
import { msg } from './messages.js';

/** Sign-up in chat, one answer per step; the state lives in `conversations`, so a restart loses nothing. */
export const SIGNUP_STATES = [
  'signup_rfc',
  'signup_name',
  'signup_cp',
  'signup_regimen',
  'signup_uso',
] as const;

const COMMON_REGIMENES: Record<'fisica' | 'moral', Choice[]> = {
  fisica: [
    { value: '605', label: '605 Sueldos y salarios' },
    { value: '612', label: '612 Actividad empresarial / profesional' },
    { value: '626', label: '626 RESICO' },
    { value: '606', label: '606 Arrendamiento' },
    { value: '616', label: '616 Sin obligaciones fiscales' },
  ],
  moral: [
    { value: '601', label: '601 General de Ley' },
    { value: '603', label: '603 Fines no lucrativos' },
    { value: '626', label: '626 RESICO' },
  ],
};

const PREFERRED_USOS = ['G03', 'G01', 'G02', 'S01', 'D01', 'I04', 'CP01'];
const SHORT_USO: Record<string, string> = {
  G01: 'Adquisición de mercancías',
  G02: 'Devoluciones o descuentos',
  G03: 'Gastos en general',
  S01: 'Sin efectos fiscales',
  D01: 'Gastos médicos',
  I04: 'Equipo de cómputo',
  CP01: 'Pagos',
};

export function usoChoices(regimen: string, rfc: string): Choice[] {
  const allowed = new Set(usosForRegimen(regimen, rfcKind(rfc)).map((u) => u.code));
  return PREFERRED_USOS.filter((c) => allowed.has(c)).map((c) => ({
    value: c,
    label: `${c} ${SHORT_USO[c]}`,
  }));
}

export async function startSignup(turn: Turn, phone: string): Promise<void> {
  await setConversation(turn.deps.db, turn.deps.clock, turn.chat, { state: 'signup_rfc', data: { phone } });
  say(turn, msg.signupIntro(phone));
}

/** The question a sign-up in this state is waiting for, with its buttons. */
function pendingQuestion(conv: Conversation): { text: string; choices?: Choice[] } {
  const { rfc = '', regimen = '' } = conv.data;
  switch (conv.state) {
    case 'signup_rfc':
      return { text: msg.askRfc() };
    case 'signup_name':
      return { text: msg.askName() };
    case 'signup_cp':
      return { text: msg.askPostalCode() };
    case 'signup_regimen':
      return { text: msg.askRegimen(), choices: COMMON_REGIMENES[rfcKind(rfc)] };
    default:
      return { text: msg.askUso(), choices: usoChoices(regimen, rfc) };
  }
}

/** Something other than an answer arrived (/start, «hola», a contact, a photo): say where we are, keep the answers. */
export function repeatQuestion(turn: Turn, conv: Conversation): void {
  const { text, choices } = pendingQuestion(conv);
  say(turn, msg.signupPending(text), { choices });
}

/** Handles one answer; returns the next conversation, or undefined when sign-up ended. */
async function step(turn: Turn, conv: Conversation, answer: string): Promise<Conversation | undefined> {
  const { data } = conv;
  const { db } = turn.deps;
  const again = (text: string, choices?: Choice[]) => {
    say(turn, text, { choices });
    return conv;
  };
  switch (conv.state) {
    case 'signup_rfc': {
      const rfc = normalizeRfc(answer);
      if (!isValidRfc(rfc)) return again(msg.badRfc());
      if (isGenericRfc(rfc)) return again(idMsg.genericRfc());
      if (await findProfileByRfc(db, rfc)) return again(idMsg.rfcTaken());
      say(turn, msg.askName());
      return { state: 'signup_name', data: { ...data, rfc } };
    }
    case 'signup_name': {
      const name = answer.replace(/\s+/g, ' ').trim();
      if (name.length < 3 || name.length > 254) return again(msg.badName());
      say(turn, msg.askPostalCode());
      return { state: 'signup_cp', data: { ...data, name } };
    }
    case 'signup_cp': {
      if (!/^\d{5}$/.test(answer.trim())) return again(msg.badPostalCode());
      say(turn, msg.askRegimen(), { choices: COMMON_REGIMENES[rfcKind(data.rfc ?? '')] });
      return { state: 'signup_regimen', data: { ...data, postal_code: answer.trim() } };
    }
    case 'signup_regimen': {
      const kind = rfcKind(data.rfc ?? '');
      // "612" or a pasted button label "612 Actividad empresarial"
      const regimen = /^(\d{3})\b/.exec(answer.trim())?.[1] ?? '';
      if (!isValidRegimen(regimen, kind)) {
        return again(msg.badRegimen(kind), COMMON_REGIMENES[kind]);
      }
      say(turn, msg.askUso(), { choices: usoChoices(regimen, data.rfc ?? '') });
      return { state: 'signup_uso', data: { ...data, regimen } };
    }
    default:
      return finishWithUso(turn, conv, (answer.trim().split(/\s+/)[0] ?? '').toUpperCase());
  }
}

async function finishWithUso(turn: Turn, conv: Conversation, uso: string): Promise<Conversation | undefined> {
  const { rfc = '', regimen = '' } = conv.data;
  if (!isUsoAllowedForRegimen(uso, regimen, rfcKind(rfc))) {
    const allowed = usosForRegimen(regimen, rfcKind(rfc)).map((u) => u.code);
    say(turn, msg.badUso(allowed), { choices: usoChoices(regimen, rfc) });
    return conv;
  }
  await createChatProfile(turn, { ...conv.data, uso });
  return undefined;
}

/**
 * Profile, tax information, welcome credits and the chat link are written with the turn's transaction: all of
 * them or none, so a failure half-way never leaves a profile that a retry would then call a conflict.
 */
export async function createChatProfile(
  turn: Turn,
  d: Record<string, string>,
): Promise<ProfilesTable | undefined> {
  const { db, clock, config } = turn.deps;
  try {
    const profile = await insertProfile(db, clock, {
      rfc: d.rfc ?? '',
      name: d.name ?? '',
      phone_number: d.phone ?? null,
      // The number is the one this chat writes from (WhatsApp sender, Telegram own contact): proven.
      phone_verified: true,
      rfc_source: 'chat',
      tax_info: {
        taxpayer: d.name ?? null,
        postal_code: d.postal_code ?? null,
        fiscal_regimen: d.regimen ?? null,
        cfdi_use: d.uso ?? null,
      },
    });
    const credits =
      config.WELCOME_CREDITS > 0
        ? await grantCreditsIn(
            db,
            clock,
            { type: 'profile', id: profile.id },
            config.WELCOME_CREDITS,
            'welcome credits (chat sign-up)',
          )
        : 0;
    await linkChat(db, clock, turn.chat, profile.id, profile.phone_number);
    say(turn, msg.signupDone(profile.name, credits));
    return profile;
  } catch (err) {
    // Refusals found before anything was written (a taken RFC or number, a bad value). A duplicate that races
    // past the check fails its insert instead: the whole turn rolls back and its redelivery is refused here.
    if (!isAppError(err) || (err.code !== 'Conflict' && err.code !== 'ValidationError')) throw err;
    turn.deps.logger.info({ code: err.code, message: err.message }, 'chat sign-up refused');
    say(turn, msg.signupConflict());
    return undefined;
  }
}

export async function continueSignup(turn: Turn, conv: Conversation, answer: string): Promise<void> {
  const next = await step(turn, conv, answer);
  const { db, clock } = turn.deps;
  if (next) await setConversation(db, clock, turn.chat, next);
  else await clearConversation(db, turn.chat);
}
