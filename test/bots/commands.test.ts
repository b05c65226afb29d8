import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBots } from '../../src/bots/bots.js';
import { parseCommand } from '../../src/bots/conversation/commands.js';
import { testConfig } from '../../src/config.js';
import { getTaxInfo } from '../../src/profiles/profiles.repo.js';
import { makeTestDeps } from '../helpers/deps.js';
import { makePhone, seedOrgWithAdmin, seedProfile } from '../helpers/seed.js';
import { BOT_INFO, type BotHarness, botHarness, SECRET, tgMessage, tgText } from './bots.harness.js';

const USER = 6006;

describe('commands of a linked chat', () => {
  let h: BotHarness;
  let profile: Awaited<ReturnType<typeof seedProfile>>['profile'];
  beforeEach(async () => {
    h = await botHarness();
    const phone = makePhone();
    profile = (await seedProfile(h.deps, { phone_verified: true, phone_number: phone })).profile;
    await h.telegram(tgMessage(USER, { contact: { phone_number: phone, first_name: 'A', user_id: USER } }));
  });
  afterEach(() => h.close());

  async function ask(text: string): Promise<string> {
    await h.telegram(tgText(USER, text));
    await h.bots.outbox.drain();
    return h.tg.textsTo(USER).at(-1) ?? '';
  }

  it('/ayuda and /start list the commands; unknown text gets a hint', async () => {
    expect(await ask('/ayuda')).toMatch(/\/saldo[\s\S]*\/facturas[\s\S]*\/uso G03[\s\S]*\/desvincular/);
    expect(await ask('/start')).toMatch(new RegExp(`^¡Hola, ${profile.name}!`));
    expect(await ask('qué tal')).toMatch(/No entendí/);
  });

  it('/datos shows the tax information with SAT descriptions', async () => {
    const text = await ask('/datos');
    expect(text).toContain(`RFC: ${profile.rfc}`);
    expect(text).toContain('Código postal: 06600');
    expect(text).toContain(
      'Régimen fiscal: 612 – Personas Físicas con Actividades Empresariales y Profesionales',
    );
    expect(text).toContain('Uso de CFDI: G03 – Gastos en general');
  });

  it('/uso validates the code against the regime and changes nothing when refused', async () => {
    expect(await ask('/uso S02')).toMatch(/no aplica a tu régimen. Opciones: .*G03/);
    expect(await ask('/uso XYZ')).toMatch(/no aplica a tu régimen/);
    expect((await getTaxInfo(h.deps.db, profile.id))?.cfdi_use).toBe('G03');
    expect(await ask('/uso g01')).toBe(
      'Listo: tus próximas facturas usarán G01 – Adquisición de mercancías.',
    );
    expect((await getTaxInfo(h.deps.db, profile.id))?.cfdi_use).toBe('G01');
    expect(await ask('/uso')).toMatch(/^Tu uso de CFDI es G01/);
  });

  it("/saldo names the organization's balance when chat_invoicing is on, and the own one otherwise", async () => {
    expect(await ask('/saldo')).toBe('Tienes 5 créditos.');
    const { org, member } = await seedOrgWithAdmin(h.deps, { credits: 9, flags: { chat_invoicing: true } });
    await h.deps.db.updateTable('chat_identities').set({ profile_id: member.profile.id }).execute();
    expect(await ask('/saldo')).toBe(
      `Tus facturas del chat las paga ${org.name}: le quedan 9 créditos.\nTus créditos personales: 5.`,
    );
    const off = await seedOrgWithAdmin(h.deps, { credits: 9, flags: { chat_invoicing: false } });
    await h.deps.db.updateTable('chat_identities').set({ profile_id: off.member.profile.id }).execute();
    expect(await ask('/saldo')).toBe('Tienes 5 créditos.');
  });

  it('an error inside a handler answers 500 (Telegram redelivers) and apologises in Spanish once', async () => {
    await h.deps.db.schema.dropTable('tax_info').execute();
    const update = { update_id: 4242, ...tgText(USER, '/datos') };
    expect((await h.telegram(update)).status).toBe(500);
    expect((await h.telegram(update)).status).toBe(500);
    await h.bots.outbox.drain();
    expect(h.tg.textsTo(USER).at(-1)).toMatch(/^Uy, algo salió mal de mi lado/);
    expect(h.tg.textsTo(USER).filter((t) => t.includes('algo salió mal'))).toHaveLength(1);
  });
});

describe('parseCommand', () => {
  it('reads slash commands, bare words, @bot suffixes and accents', () => {
    expect(parseCommand('/uso@FacturasBot g03')).toEqual({ command: 'uso', arg: 'g03' });
    expect(parseCommand('Créditos')).toEqual({ command: 'saldo', arg: '' });
    expect(parseCommand('uso G01')).toEqual({ command: 'uso', arg: 'G01' });
    expect(parseCommand('AYUDA')).toEqual({ command: 'ayuda', arg: '' });
    expect(parseCommand('datos de mi empresa nueva')).toBeUndefined();
    expect(parseCommand('/nada')).toBeUndefined();
    expect(parseCommand('GOMA800101AB1')).toBeUndefined();
  });
});

describe('start-up', () => {
  it('registers the command menu and the webhook with its secret when PUBLIC_BASE_URL is set', async () => {
    const h = await botHarness();
    try {
      await h.bots.start();
      const [commands] = h.tg.sent('setMyCommands');
      expect((commands!.params.commands as { command: string }[]).map((c) => c.command)).toEqual([
        'start',
        'ayuda',
        'saldo',
        'facturas',
        'datos',
        'uso',
        'apikey',
        'desvincular',
        'revocar',
      ]);
      expect(h.tg.sent('setWebhook')[0]?.params).toMatchObject({
        url: 'http://localhost:3000/webhooks/telegram',
        secret_token: SECRET,
      });
    } finally {
      await h.close();
    }
  });

  it('leaves both bots off without credentials: no routes, a log line each', async () => {
    const lines: string[] = [];
    const deps = await makeTestDeps({ config: testConfig() });
    const logger = { ...deps.logger, info: (m: unknown) => lines.push(String(m)) } as typeof deps.logger;
    const bots = createBots({ ...deps, logger }, { telegramBotInfo: BOT_INFO });
    expect(bots.routes).toEqual([]);
    expect(lines).toEqual([
      'Telegram bot is off: TELEGRAM_BOT_TOKEN is unset',
      'WhatsApp bot is off: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_WHATSAPP_FROM are needed',
    ]);
    await bots.start();
    await bots.stop();
  });
});
