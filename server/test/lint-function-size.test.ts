import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

// Small functions (eslint/function-size.js, decision 0036): complexity 15 and 80 lines a function are
// errors, except for the functions in eslint/function-size-baseline.json, up to their recorded size; an
// entry no longer needed is an error too, so the baseline only shrinks.

const root = path.resolve(import.meta.dirname, '../..');
const sizeRules = new Set(['complexity', 'max-lines-per-function']);

interface Entry {
  file: string;
  rule: string;
  function: string;
  value: number;
}
interface FunctionSizeModule {
  functionSizeRules: Linter.RulesRecord;
  baselineFile: string;
  baselineProcessor(root: string): Linter.Processor;
  readBaseline(root: string): Entry[];
}
const sizes = (await import(pathToFileURL(path.join(root, 'eslint/function-size.js')).href)) as FunctionSizeModule;

/** A function whose complexity is `complexity` (one path, and one more for each `if`). */
const complexFunction = (name: string, complexity: number) =>
  `export function ${name}(a: number): number {\n` +
  Array.from({ length: complexity - 1 }, (_, i) => `  if (a === ${i}) return ${i};\n`).join('') +
  '  return -1;\n}\n';

/** A function of `lines` lines, its braces included. */
const longFunction = (name: string, lines: number) =>
  `export function ${name}(): number {\n  let n = 0;\n` + '  n += 1;\n'.repeat(lines - 4) + '  return n;\n}\n';

const sizeErrors = async (eslint: ESLint, file: string, code: string, base = root) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(base, file) });
  return result!.messages.filter((message) => message.ruleId && sizeRules.has(message.ruleId)).map((m) => m.message);
};

describe("the repository's lint config", () => {
  // The two rules only: the rest of the config has nothing to say about these texts.
  const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => sizeRules.has(ruleId) });

  it('fails a new function over complexity 15 in shipped code, and passes one at 15', async () => {
    expect(await sizeErrors(eslint, 'server/src/domain-error.ts', complexFunction('tangled', 16))).toEqual([
      "Function 'tangled' has a complexity of 16. Maximum allowed is 15.",
    ]);
    expect(await sizeErrors(eslint, 'server/src/domain-error.ts', complexFunction('tangled', 15))).toEqual([]);
  });

  it('fails a new function over 80 lines, in the web too, and passes one of 80', async () => {
    expect(await sizeErrors(eslint, 'web/src/lib/api-client.ts', longFunction('long', 81))).toEqual([
      "Function 'long' has too many lines (81). Maximum allowed is 80.",
    ]);
    expect(await sizeErrors(eslint, 'web/src/lib/api-client.ts', longFunction('long', 80))).toEqual([]);
  });

  it('fails when a baseline entry is no longer needed', async () => {
    const [entry] = sizes.readBaseline(root);
    const errors = await sizeErrors(eslint, entry!.file, 'export const small = 1;\n');
    expect(errors).toContain(
      `${sizes.baselineFile} lists ${entry!.function} here (${entry!.rule} ${entry!.value}), which is now within ` +
        'the limit: run npm run lint:baseline to shrink the baseline.',
    );
  });

  it('leaves tests out', async () => {
    expect(await sizeErrors(eslint, 'server/test/lint-function-size.test.ts', longFunction('long', 200))).toEqual([]);
  });
});

describe('the baseline', () => {
  // A repository of its own, with a baseline the tests write.
  const base = mkdtempSync(path.join(tmpdir(), 'function-size-'));
  mkdirSync(path.join(base, 'eslint'));
  mkdirSync(path.join(base, 'src'));
  for (const file of ['a.ts', 'b.ts']) writeFileSync(path.join(base, 'src', file), '');
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const withBaseline = (entries: Entry[]) => {
    writeFileSync(path.join(base, sizes.baselineFile), JSON.stringify({ offenders: entries }));
    return new ESLint({
      cwd: base,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as Linter.Parser },
          processor: sizes.baselineProcessor(base),
          rules: sizes.functionSizeRules,
        },
      ],
    });
  };
  const entry = (rule: string, fn: string, value: number, file = 'src/a.ts') => ({ file, rule, function: fn, value });

  it('passes a listed function up to its recorded size, and fails it above', async () => {
    const eslint = withBaseline([entry('complexity', "Function 'tangled'", 20)]);
    expect(await sizeErrors(eslint, 'src/a.ts', complexFunction('tangled', 20), base)).toEqual([]);
    expect(await sizeErrors(eslint, 'src/a.ts', complexFunction('tangled', 18), base)).toEqual([
      // Smaller but still over the limit: allowed, and the next `npm run lint:baseline` records 18.
    ]);
    expect(await sizeErrors(eslint, 'src/a.ts', complexFunction('tangled', 21), base)).toEqual([
      "Function 'tangled' has a complexity of 21. Maximum allowed is 15. The baseline allows 20.",
    ]);
  });

  it('fails a function the baseline does not list, also one of the same name in another file', async () => {
    const eslint = withBaseline([entry('max-lines-per-function', "Function 'long'", 100)]);
    const code = longFunction('long', 90) + longFunction('other', 90).replace('export ', '\n');
    expect(await sizeErrors(eslint, 'src/a.ts', code, base)).toEqual([
      "Function 'other' has too many lines (90). Maximum allowed is 80.",
    ]);
    expect((await sizeErrors(eslint, 'src/b.ts', longFunction('long', 90), base))[0]).toBe(
      "Function 'long' has too many lines (90). Maximum allowed is 80.",
    );
  });

  it('matches unnamed functions by size, wherever their lines move', async () => {
    const eslint = withBaseline([entry('complexity', 'Arrow function', 30), entry('complexity', 'Arrow function', 17)]);
    // ESLint names no arrow function, not even one given to a const.
    const arrow = (name: string, complexity: number) =>
      `export const ${name} = (a: number): number => {\n` +
      Array.from({ length: complexity - 1 }, (_, i) => `  if (a === ${i}) return ${i};\n`).join('') +
      '  return -1;\n};\n';
    const code = (first: number, second: number) => arrow('first', first) + arrow('second', second);
    expect(await sizeErrors(eslint, 'src/a.ts', code(17, 30), base)).toEqual([]);
    expect(await sizeErrors(eslint, 'src/a.ts', code(30, 17), base)).toEqual([]);
    expect(await sizeErrors(eslint, 'src/a.ts', code(18, 30), base)).toEqual([
      'Arrow function has a complexity of 18. Maximum allowed is 15. The baseline allows 17.',
    ]);
  });

  it('fails an entry no longer needed, so the baseline shrinks', async () => {
    const eslint = withBaseline([entry('complexity', "Function 'tangled'", 20)]);
    expect(await sizeErrors(eslint, 'src/a.ts', complexFunction('tangled', 15), base)).toEqual([
      `${sizes.baselineFile} lists Function 'tangled' here (complexity 20), which is now within the limit: ` +
        'run npm run lint:baseline to shrink the baseline.',
    ]);
  });

  it('refuses to load while it lists a file that no longer exists', () => {
    writeFileSync(
      path.join(base, sizes.baselineFile),
      JSON.stringify({ offenders: [entry('complexity', "Function 'gone'", 20, 'src/gone.ts')] }),
    );
    expect(() => sizes.baselineProcessor(base)).toThrow(/src\/gone\.ts, which no longer exist/);
  });
});
