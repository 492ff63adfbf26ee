import { afterAll, describe, expect, it } from '@jest/globals';
import { patternRunner } from '../../server/services/template-patterns';
import { DYNAMIC_VALUE_TEXT_MAX } from '../../src/shared/constants';

/** ^(a+)+$ backtracks for ever on this (26 characters took four seconds). */
const crafted = { pattern: '^(a+)+$', value: 'a'.repeat(DYNAMIC_VALUE_TEXT_MAX - 1) + '!' };

/**
 * Where the server runs a template's patterns (server/services/template-patterns.ts): in a
 * worker, each submission within DYNAMIC_PATTERN_CHECK_MS, verdicts in order, none for what
 * did not finish; the event loop is free meanwhile.
 */
describe('the server\'s pattern runner', () => {
  const runner = patternRunner();
  afterAll(() => runner.close());

  it('answers verdicts in order, none for a test that outran the limit nor for those after it, and leaves the event loop free meanwhile', async () => {
    const run = runner.run([{ pattern: '^\\d{18}$', value: '110101199003077777' }, { pattern: '^[A-Z]', value: 'abc' }, crafted, { pattern: 'a', value: 'a' }]);
    let turned = false;
    setImmediate(() => (turned = true));
    expect(await run).toEqual([true, false, null, null]);
    expect(turned).toBe(true);
  });

  it('takes submissions one at a time, each with its own limit: one queued behind a stuck test is still answered; a broken pattern has no verdict', async () => {
    const [stuck, next] = await Promise.all([runner.run([crafted]), runner.run([{ pattern: '^(?<d>\\d)\\k<d>$', value: '11' }, { pattern: '(', value: 'x' }])]);
    expect(stuck).toEqual([null]);
    expect(next).toEqual([true, null]);
    expect(await runner.run([])).toEqual([]);
  });

  it('once closed, answers no verdicts', async () => {
    const closed = patternRunner();
    expect(await closed.run([{ pattern: 'a', value: 'a' }])).toEqual([true]);
    await closed.close();
    expect(await closed.run([{ pattern: 'a', value: 'a' }])).toEqual([null]);
  });
});
