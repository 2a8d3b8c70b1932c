import { describe, expect, it } from 'vitest';
import { watchConsole } from './console-guard.ts';

describe('watchConsole', () => {
  it('tells what was written as errors and warnings (a test that writes any fails), and lets the rest be', () => {
    const printed: string[] = [];
    const target = {
      error: (...args: unknown[]) => printed.push(`error ${args.join(' ')}`),
      warn: (...args: unknown[]) => printed.push(`warn ${args.join(' ')}`),
      info: (...args: unknown[]) => printed.push(`info ${args.join(' ')}`),
    };
    const stop = watchConsole(target);
    target.error('Warning: an update was not wrapped in act(%s)', '...');
    target.warn('careful', { n: 1 });
    target.info('fine');
    expect(stop()).toEqual([
      'console.error: Warning: an update was not wrapped in act(...)',
      'console.warn: careful { n: 1 }',
    ]);
    // Still printed, and no longer watched.
    expect(printed).toEqual([
      'error Warning: an update was not wrapped in act(%s) ...',
      'warn careful [object Object]',
      'info fine',
    ]);
    target.error('later');
    expect(printed).toHaveLength(4);
  });
});
