/**
 * Chat with a locally running server through the fake Telegram and Twilio servers (docs/bots.md).
 *   npx tsx test/bots/fakes/chat.local.ts      — prints the settings to start the server with, then reads commands.
 */
import { readFileSync } from 'node:fs';
import readline from 'node:readline';
import twilio from 'twilio';
import { FakeTelegram } from './telegram.fake.js';
import { FakeTwilio } from './twilio.fake.js';

const SERVER = process.env.SERVER_URL ?? 'http://localhost:3000';
// The server listens on PORT (default 3000): it must be the port SERVER_URL names.
const url = new URL(SERVER);
const PORT = url.port || (url.protocol === 'https:' ? '443' : '80');
const TOKEN = '123456:LOCAL-token';
const SECRET = 'local-webhook-secret';
const SID = `AC${'1'.repeat(32)}`;
const AUTH = 'local-auth-token';
const TG_USER = 1001;
// The same person as the sample Telegram contact (+52 55 1234 0000; WhatsApp writes Mexican mobiles with a 1).
const WA_USER = process.env.WA_NUMBER ?? 'whatsapp:+5215512340000';

const tg = await new FakeTelegram(TOKEN).start(Number(process.env.FAKE_TELEGRAM_PORT ?? 8081));
const tw = await new FakeTwilio(SID, AUTH).start(Number(process.env.FAKE_TWILIO_PORT ?? 8082));

console.log(`Start the server in another terminal with:

  TELEGRAM_BOT_TOKEN=${TOKEN} TELEGRAM_WEBHOOK_SECRET=${SECRET} TELEGRAM_API_ROOT=${tg.url} \\
  TWILIO_ACCOUNT_SID=${SID} TWILIO_AUTH_TOKEN=${AUTH} TWILIO_WHATSAPP_FROM=whatsapp:+14155238886 \\
  TWILIO_API_BASE_URL=${tw.url} PUBLIC_BASE_URL=${SERVER} PORT=${PORT} WELCOME_CREDITS=3 npm start

Then type: tg <text> | tg-contact <phone> | tg-photo <file.jpg> | wa <text> | wa-photo <file.jpg> | quit
(WhatsApp messages come from ${WA_USER}; WA_NUMBER=whatsapp:+521… for someone else.)`);

tg.onCall = (call) => {
  if (call.method !== 'sendMessage' && call.method !== 'sendDocument') return;
  const file = call.files.document ? ` [archivo ${call.files.document.filename}]` : '';
  console.log(`\n🤖 telegram: ${String(call.params.text ?? call.params.caption ?? '')}${file}`);
};
tw.onMessage = (m) =>
  console.log(`\n🤖 whatsapp: ${m.body}${m.mediaUrls.length ? ` [media ${m.mediaUrls[0]}]` : ''}`);

let n = 0;
const telegram = (message: Record<string, unknown>) =>
  fetch(`${SERVER}/webhooks/telegram`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
    body: JSON.stringify({
      update_id: Date.now() + n++,
      message: {
        message_id: n,
        date: Math.floor(Date.now() / 1000),
        chat: { id: TG_USER, type: 'private', first_name: 'Local' },
        from: { id: TG_USER, is_bot: false, first_name: 'Local' },
        ...message,
      },
    }),
  });

function whatsapp(params: Record<string, string>) {
  const all = {
    MessageSid: `SMlocal${Date.now()}${n++}`,
    From: WA_USER,
    To: 'whatsapp:+14155238886',
    ...params,
  };
  const signature = twilio.getExpectedTwilioSignature(AUTH, `${SERVER}/webhooks/whatsapp`, all);
  return fetch(`${SERVER}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(all).toString(),
  });
}

async function run(line: string): Promise<void> {
  const [cmd = '', ...rest] = line.trim().split(/\s+/);
  const arg = rest.join(' ');
  let res: Response | undefined;
  if (cmd === 'tg') res = await telegram({ text: arg });
  else if (cmd === 'tg-contact') {
    res = await telegram({ contact: { phone_number: arg, first_name: 'Local', user_id: TG_USER } });
  } else if (cmd === 'tg-photo') {
    const id = `local${n++}`;
    tg.addFile(id, readFileSync(arg));
    res = await telegram({ photo: [{ file_id: id, file_unique_id: id, width: 1000, height: 1500 }] });
  } else if (cmd === 'wa') res = await whatsapp({ Body: arg, NumMedia: '0' });
  else if (cmd === 'wa-photo') {
    const url = tw.addMedia(`local${n++}`, readFileSync(arg));
    res = await whatsapp({ NumMedia: '1', MediaUrl0: url, MediaContentType0: 'image/jpeg' });
  } else if (cmd === 'quit') process.exit(0);
  else if (cmd) console.log('?');
  if (res && !res.ok) console.log(`webhook answered ${res.status}`);
}

const rl = readline.createInterface({ input: process.stdin });
// One message at a time, in order, like a person typing.
let queue = Promise.resolve();
rl.on('line', (line) => {
  queue = queue.then(() => run(line)).catch((e: unknown) => console.error(String(e)));
});
