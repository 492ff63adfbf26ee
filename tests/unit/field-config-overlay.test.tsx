import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { useFieldConfig, type FieldConfigCalls } from '../../src/widgets/field-config';
import { FIELD_CONFIG_CHECKS, FIELD_CONFIG_CHECK_MS } from '../../src/shared/constants';
import type { FieldConfigEffect, FieldConfigEntry } from '../../src/shared/field-config';

// useFieldConfig with the real machine on Jest's fake clock; the check is a double; the
// messages are served from locale/section by a fetch double.
const LOCALE = join(__dirname, '../../locale');
const zh = JSON.parse(readFileSync(join(LOCALE, 'section/zh-CN/index.json'), 'utf8'));
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const m = String(input).match(/locale\/(section)\/([\w-]+)\/index\.json$/);
    return m ? new Response(readFileSync(join(LOCALE, m[1]!, m[2]!, 'index.json'), 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } }) : new Response('', { status: 404 });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const configs: FieldConfigEntry[] = [{ prop: 'remark', value: null, disabled: false, isValidValue: true }];
const flush = () => act(async () => { await Promise.resolve(); await Promise.resolve(); });

function Form({ code, calls, onApply }: { code: string | null; calls: FieldConfigCalls; onApply: (e: FieldConfigEffect) => void }) {
  const config = useFieldConfig({ code, calls, onApply });
  return (
    <div style={{ position: 'relative' }} data-testid="form" data-state={config.state}>
      {config.overlay}
      {config.failure && <p role="alert">{config.failure}</p>}
      <input aria-label="remark" readOnly={config.getFieldProps('remark').readOnly} />
      <input aria-label="rateValue" readOnly={config.getFieldProps('rateValue').readOnly} />
    </div>
  );
}

function mount(code: string | null, check: FieldConfigCalls['check']) {
  const applied: FieldConfigEffect[] = [];
  const calls = { check: jest.fn(check) };
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <Form code={code} calls={calls} onApply={(e) => void applied.push(e)} />
      </I18nProvider>
    </ChakraProvider>,
  );
  return { calls, applied };
}

const overlayShown = () => screen.getByTestId('field-config-overlay').getAttribute('data-state') === 'open';
const readOnly = (name: string) => (screen.getByLabelText(name) as HTMLInputElement).readOnly;

describe('approval field config overlay', () => {
  it('shows the overlay while checking, retries a failed check after the interval, then enables the configured field', async () => {
    jest.useFakeTimers();
    let calls = 0;
    const { calls: spy, applied } = mount('rate-add', async () => {
      calls += 1;
      if (calls < FIELD_CONFIG_CHECKS) throw new Error('network down');
      return configs;
    });
    await flush();
    expect(overlayShown()).toBe(true);
    expect(screen.getByTestId('field-config-overlay').textContent).toBe(zh.fieldConfig.loading);
    expect([readOnly('remark'), readOnly('rateValue')]).toEqual([true, true]);
    expect(spy.check).toHaveBeenCalledTimes(1);
    // Not a moment before the interval.
    await act(async () => void jest.advanceTimersByTime(FIELD_CONFIG_CHECK_MS - 1));
    expect(spy.check).toHaveBeenCalledTimes(1);
    await act(async () => void jest.advanceTimersByTime(1));
    await flush();
    expect(spy.check).toHaveBeenCalledTimes(2);
    expect(overlayShown()).toBe(true);
    await act(async () => void jest.advanceTimersByTime(FIELD_CONFIG_CHECK_MS));
    await flush();
    expect(spy.check).toHaveBeenCalledTimes(FIELD_CONFIG_CHECKS);
    expect(spy.check).toHaveBeenLastCalledWith('rate-add');
    expect(overlayShown()).toBe(false);
    expect(screen.getByTestId('form').getAttribute('data-state')).toBe('applied');
    expect([readOnly('remark'), readOnly('rateValue')]).toEqual([false, true]);
    expect(applied).toEqual([{ enabled: ['remark'], cleared: [], values: {} }]);
  });

  it(`gives up after ${FIELD_CONFIG_CHECKS} failed checks: the overlay goes and the form stays read-only`, async () => {
    jest.useFakeTimers();
    const { calls, applied } = mount('rate-add', async () => {
      throw new Error('code 1003');
    });
    await flush();
    for (let i = 1; i < FIELD_CONFIG_CHECKS; i += 1) {
      await act(async () => void jest.advanceTimersByTime(FIELD_CONFIG_CHECK_MS));
      await flush();
    }
    await act(async () => void jest.advanceTimersByTime(FIELD_CONFIG_CHECK_MS * 10));
    expect(calls.check).toHaveBeenCalledTimes(FIELD_CONFIG_CHECKS);
    expect(screen.getByTestId('form').getAttribute('data-state')).toBe('failed');
    expect(overlayShown()).toBe(false);
    expect(readOnly('remark')).toBe(true);
    expect(applied).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(zh.fieldConfig.failed.replace('{{reason}}', 'code 1003'));
  });

  it('checks nothing without an approvalField code', async () => {
    const { calls } = mount(null, async () => configs);
    await flush();
    expect(calls.check).not.toHaveBeenCalled();
    expect(overlayShown()).toBe(false);
    expect(screen.getByTestId('form').getAttribute('data-state')).toBe('none');
    expect(readOnly('remark')).toBe(true);
  });
});
