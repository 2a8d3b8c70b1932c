// `npm run lint:baseline`: rewrites eslint/function-size-baseline.json from the code as it is (decision
// 0036). It lowers recorded sizes and drops entries no longer needed; a new offender or a larger size is
// refused unless `-- --grow` is given, so that growing the list is a choice someone makes and a reviewer
// sees in the diff.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import {
  baselineFile,
  compareWithBaseline,
  functionSizeFiles,
  functionSizeIgnores,
  functionSizeRules,
  offenceOf,
  readBaseline,
} from './function-size.js';

const root = path.resolve(import.meta.dirname, '..');
const grow = process.argv.includes('--grow');

const eslint = new ESLint({
  cwd: root,
  // Only the two rules, and every message of theirs: a pass-through processor replaces the baseline's.
  ruleFilter: ({ ruleId }) => ruleId in functionSizeRules,
  overrideConfig: [
    {
      files: functionSizeFiles,
      ignores: functionSizeIgnores,
      processor: { preprocess: (text) => [text], postprocess: (lists) => lists.flat(), supportsAutofix: true },
    },
  ],
});
const results = await eslint.lintFiles(functionSizeFiles);

const offenders = results
  .flatMap((result) =>
    result.messages.map((message) => {
      const offence = offenceOf(message);
      return offence && { file: path.relative(root, result.filePath).split(path.sep).join('/'), ...offence };
    }),
  )
  .filter(Boolean)
  .sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.rule.localeCompare(b.rule) ||
      a.function.localeCompare(b.function) ||
      b.value - a.value,
  );

const before = readBaseline(root);
const files = new Set([...offenders, ...before].map((entry) => entry.file));
const grown = [...files].flatMap(
  (file) =>
    compareWithBaseline(
      offenders.filter((offence) => offence.file === file),
      before.filter((entry) => entry.file === file),
    ).failing,
);
const describe = ({ offence, allowed }) =>
  `  ${offence.file}: ${offence.function}, ${offence.rule} ${offence.value}` +
  (allowed ? ` (was ${allowed.value})` : ' (new)');

if (grown.length && !grow) {
  console.error(
    `Not written: these functions are new offenders or grew past their entry:\n${grown.map(describe).join('\n')}\n` +
      'Make them smaller, or accept them with npm run lint:baseline -- --grow.',
  );
  process.exit(1);
}
if (grown.length) console.log(`Accepted (--grow):\n${grown.map(describe).join('\n')}`);
writeFileSync(
  path.join(root, baselineFile),
  `${JSON.stringify(
    {
      about:
        'Functions over the size limits (complexity 15, max-lines-per-function 80) when the rules came, each ' +
        'allowed up to the value recorded. Only shrinks: see decision 0036; rewrite with npm run lint:baseline.',
      offenders,
    },
    null,
    2,
  )}\n`,
);
console.log(`${baselineFile}: ${offenders.length} entries (was ${before.length}).`);
