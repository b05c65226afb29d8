import { describe, expect, it } from 'vitest';
import { findNarration } from '../../scripts/lint-narration.js';

const rulesHit = (text: string, file = 'docs/any.md') => findNarration(file, text).map((h) => h.rule);

// The examples spell a space as \u0020 so that a search of the repository for narration does not find them.
describe('the narration check', () => {
  it.each([
    ['Accuracy measured in the fifteenth\u0020session (four runs).', 'numbered work session or round'],
    ['describe("an eleventh-session generator draw", ...)', 'numbered work session or round'],
    ['as in the 3rd round of work', 'numbered work session or round'],
    ['Fixed in round 3, kept since.', 'work session or round by number'],
    ['session 12 measured it again', 'work session or round by number'],
    ['This\u0020session makes the preparation cheaper.', 'a work session named by position'],
    ['the previous\u0020session went 42.5 → 52.5 %', 'a work session named by position'],
    ["the session's VM was slower", "a work session's belongings"],
    ['a helper\u0020rebuilt the generator', 'who built what'],
    ['the ninth\u0020session had a helper render 80 tickets', 'who built what'],
    ['synthetic tickets rendered by helpers', 'who built what'],
    ['We tried a smaller model first.', 'we tried'],
    ['the generator was lost with\u0020the machine', 'the machine of the day'],
    ['on the machine of the day', 'the machine of the day'],
    ['the quickest VM yet', 'the machine of the day'],
  ])('flags %j', (text, rule) => {
    expect(rulesHit(text)).toContain(rule);
  });

  it.each([
    'A chat session keeps its sign-up state across restarts.',
    'Each HTTP session carries an X-Request-Id.',
    'round(gross / 1.16), then round 2 decimals at the edge',
    'Math.round(3.5) rounds half up; round 0.5 away from zero',
    'The first reading gets a PGM; a second pass re-reads the header.',
    'test helpers build a fresh database per test',
    'a helper that builds the deps object',
    'Measured 2026-11-27 on 2 cores (Intel Xeon @ 2.80GHz), 23 GiB.',
    'the machine this bench runs on',
    'sessionStorage and sessionId stay legitimate identifiers',
  ])('leaves %j alone', (text) => {
    expect(rulesHit(text)).toEqual([]);
  });

  it('names a particular sample ticket only inside src/', () => {
    expect(rulesHit('// dev-033 prints its total twice', 'src/receipts/x.ts')).toEqual([
      'a particular sample ticket named in src',
    ]);
    expect(rulesHit('fixtures/receipts/dev-001-clean.jpg', 'README.md')).toEqual([]);
  });

  it('reports the file and the 1-based line of each hit', () => {
    const hits = findNarration('README.md', 'intro\n\nmeasured in the third\u0020session\n');
    expect(hits).toEqual([
      { file: 'README.md', line: 3, rule: 'numbered work session or round', text: 'third\u0020session' },
    ]);
  });
});
