/**
 * `npm run lint` (after Biome): fails with file:line on text that tells how the project was made instead of what
 * it is — numbered work sessions or rounds, who built what, the machine of the day, and, in src/, names of
 * particular sample tickets. History belongs to git; figures name the machine they were measured on.
 * The patterns match narrative forms only: "session" or "round" alone stays legitimate (HTTP, chat, rounding).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Rule {
  name: string;
  pattern: RegExp;
  /** Only files whose repository path starts with one of these; every file when absent. */
  under?: string[];
}

export interface Hit {
  file: string;
  line: number;
  rule: string;
  text: string;
}

const ORDINAL =
  '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|\\d+(?:st|nd|rd|th))';

export const RULES: Rule[] = [
  {
    name: 'numbered work session or round',
    pattern: new RegExp(`\\b${ORDINAL}[\\s-]+(?:work\\s+)?(?:session|round)s?\\b`, 'i'),
  },
  {
    name: 'work session or round by number',
    pattern: /\b(?:work\s+)?(?:session|round)\s+#?\d+\b(?!\s*(?:decimals?|digits?|cents?|places?)\b|[.,]\d)/i,
  },
  {
    name: 'a work session named by position',
    pattern: /\b(?:this|previous|earlier|later)\s+(?:work\s+)?sessions?\b/i,
  },
  {
    name: "a work session's belongings",
    pattern: /\bsessions?['’]s?\s+(?:VM|machine|runs?|code|review|start|end|changes|draws?|rules)\b/i,
  },
  {
    name: 'who built what',
    pattern:
      /\b(?:a|the|one|another)\s+helper\s+(?:re)?(?:built|wrote|rendered|made|generated|drew)\b|\bhad\s+a\s+helper\b|\b(?:rendered|built|written)\s+by\s+(?:a\s+)?helpers?\b/i,
  },
  { name: 'we tried', pattern: /\bwe\s+tried\b/i },
  {
    name: 'the machine of the day',
    pattern:
      /\blost\s+with\s+the\s+machine\b|\bmachine\s+of\s+the\s+day\b|\b(?:quickest|slowest|fastest)\s+(?:VM|machine)\s+(?:yet|so\s+far)\b/i,
  },
  { name: 'a particular sample ticket named in src', pattern: /\bdev-\d{3}\b/i, under: ['src/'] },
];

export function findNarration(file: string, text: string, rules: Rule[] = RULES): Hit[] {
  const active = rules.filter((r) => !r.under || r.under.some((p) => file.startsWith(p)));
  const hits: Hit[] = [];
  text.split('\n').forEach((content, i) => {
    for (const rule of active) {
      const m = rule.pattern.exec(content);
      if (m) hits.push({ file, line: i + 1, rule: rule.name, text: m[0] });
    }
  });
  return hits;
}

/** The checker and its test hold the patterns themselves. */
const SELF = ['scripts/lint-narration.ts', 'test/scripts/lint-narration.test.ts'];
/** Files whose narration is still to be removed; each entry goes as soon as its file reads clean. */
const PENDING: string[] = [];
const SKIP = /(^|\/)package-lock\.json$|\.(jpe?g|png|gif|pdf|cer|key|sqlite|traineddata|gz|wasm)$/i;

function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return out
    .split('\0')
    .filter((f) => f !== '' && !SKIP.test(f) && !SELF.includes(f) && existsSync(f))
    .filter((f) => !PENDING.includes(f));
}

function main(): void {
  const hits: Hit[] = [];
  for (const file of repositoryFiles()) {
    const buf = readFileSync(file);
    if (buf.includes(0)) continue; // binary
    hits.push(...findNarration(file, buf.toString('utf8')));
  }
  for (const h of hits) console.error(`${h.file}:${h.line}: ${h.rule}: "${h.text}"`);
  if (hits.length > 0) {
    console.error(
      `\n${hits.length} line(s) tell how the project was made; say what the product is (history is git's).`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
