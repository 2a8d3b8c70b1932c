// Functions stay small (decision 0036): `complexity` at most 15 and `max-lines-per-function` at most 80, as
// errors, on the code that ships. The functions that were larger when the rules came are listed, with
// their size, in function-size-baseline.json; a listed function passes up to its recorded size, a new
// offender or a larger size fails, and an entry no longer needed fails too, so the list only shrinks.
// `npm run lint:baseline` rewrites the list (eslint/write-baseline.js).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const functionSizeRules = {
  complexity: ['error', 15],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
};

/** The code that ships. Tests are left out: their describe() blocks are lists of cases, not logic. */
export const functionSizeFiles = ['core/src/**/*.{ts,tsx}', 'server/src/**/*.{ts,js}', 'web/src/**/*.{ts,tsx}'];
export const functionSizeIgnores = ['**/*.test.{ts,tsx}', 'web/src/testing/**'];

export const baselineFile = 'eslint/function-size-baseline.json';

const MESSAGE_SHAPES = {
  complexity: /^(.+) has a complexity of (\d+)\./,
  'max-lines-per-function': /^(.+) has too many lines \((\d+)\)\./,
};

/**
 * An offence as the baseline records it: the file (from the repository root), the rule, the function as
 * ESLint names it ("Async function 'buildApp'", "Arrow function") and the value. Null for other messages.
 */
export function offenceOf(message) {
  const shape = MESSAGE_SHAPES[message.ruleId];
  const match = shape?.exec(message.message);
  return match ? { rule: message.ruleId, function: match[1], value: Number(match[2]) } : null;
}

export function readBaseline(root) {
  const file = path.join(root, baselineFile);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).offenders : [];
}

const groupKey = (offence) => `${offence.rule}\u0000${offence.function}`;

/**
 * Matches a file's offences with its baseline entries of the same rule and function name (anonymous
 * functions share a name, so within a name the largest offence meets the largest entry, and so on: lines
 * may move without the baseline changing). Returns the offences over their entry or without one, and the
 * entries left unused.
 */
export function compareWithBaseline(offences, entries) {
  const groups = new Map();
  const group = (key) => groups.get(key) ?? groups.set(key, { offences: [], entries: [] }).get(key);
  for (const offence of offences) group(groupKey(offence)).offences.push(offence);
  for (const entry of entries) group(groupKey(entry)).entries.push(entry);
  const failing = [];
  const unused = [];
  for (const { offences: found, entries: allowed } of groups.values()) {
    found.sort((a, b) => b.value - a.value);
    allowed.sort((a, b) => b.value - a.value);
    found.forEach((offence, i) => {
      if (!allowed[i] || offence.value > allowed[i].value) failing.push({ offence, allowed: allowed[i] ?? null });
    });
    unused.push(...allowed.slice(found.length));
  }
  return { failing, unused };
}

/**
 * An ESLint processor that lets through the function-size errors of listed functions (up to their
 * size) and adds an error for each listed function of the file that no longer needs its entry.
 */
export function baselineProcessor(root) {
  const entries = readBaseline(root);
  const gone = [...new Set(entries.map((entry) => entry.file))].filter((file) => !existsSync(path.join(root, file)));
  if (gone.length) {
    throw new Error(
      `${baselineFile} lists ${gone.join(', ')}, which no longer exist: run npm run lint:baseline to shrink it.`,
    );
  }
  const byFile = new Map();
  for (const entry of entries) byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
  return {
    meta: { name: 'function-size-baseline' },
    supportsAutofix: true,
    preprocess: (text) => [text],
    postprocess(messageLists, filename) {
      const messages = messageLists.flat();
      const file = path.relative(root, filename).split(path.sep).join('/');
      const offences = new Map(messages.map((message) => [message, offenceOf(message)]).filter(([, o]) => o));
      const { failing, unused } = compareWithBaseline([...offences.values()], byFile.get(file) ?? []);
      const failed = new Set(failing.map(({ offence }) => offence));
      const kept = messages
        .filter((message) => !offences.has(message) || failed.has(offences.get(message)))
        .map((message) => {
          const over = failing.find(({ offence }) => offence === offences.get(message));
          return over?.allowed
            ? { ...message, message: `${message.message} The baseline allows ${over.allowed.value}.` }
            : message;
        });
      const stale = unused.map((entry) => ({
        ruleId: entry.rule,
        severity: 2,
        message:
          `${baselineFile} lists ${entry.function} here (${entry.rule} ${entry.value}), which is now within ` +
          'the limit: run npm run lint:baseline to shrink the baseline.',
        line: 1,
        column: 1,
      }));
      return [...kept, ...stale];
    },
  };
}
