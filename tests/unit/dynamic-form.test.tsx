import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { DynamicForm, useDynamicForm, type DynamicFormCalls } from '../../src/widgets/dynamic-form';
import type { FormMode, FormSource, SaveFormInput } from '../../src/machines/dynamic-form.machine';
import { FIELD_TYPES, toTemplateData, wrapValue, type TemplateField } from '../../src/shared/dynamic-form';

// The renderer with the real dynamic-form machine; the two calls are doubles the test answers.
// Messages come from locale/dynamic through a fetch double, so the test reads what a user reads.

const LOCALE = join(__dirname, '../../locale');
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const m = String(input).match(/locale\/(global|dynamic|query|lookup)\/([\w-]+)\/index\.json$/);
    return m ? new Response(readFileSync(join(LOCALE, m[1]!, m[2]!, 'index.json'), 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } }) : new Response('', { status: 404 });
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});
afterEach(cleanup);

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const options = [{ text: '甲', value: 'A' }, { text: '乙', value: 'B' }];

/** One field of every type the spec lists (widgets §3). */
const TEMPLATE: TemplateField[] = [
  { name: 'title', text: '标题', type: 'text', rules: [{ required: true }] },
  { name: 'note', text: '备注', type: 'textarea' },
  { name: 'count', text: '数量', type: 'number' },
  { name: 'amount', text: '金额', type: 'amount', rules: [{ required: true }] },
  { name: 'day', text: '日期', type: 'date' },
  { name: 'at', text: '时间', type: 'dateTime' },
  { name: 'remote', text: '远程', type: 'remoteselect', dataType: 'dictionary', data: 'FileType' },
  { name: 'kind', text: '类型', type: 'select', data: options },
  { name: 'level', text: '级别', type: 'radio', data: options },
  { name: 'tags', text: '标签', type: 'checkbox', data: options },
  { name: 'bank', text: '银行', type: 'magnifier', lookup: 'bank' },
  { name: 'files', text: '附件', type: 'file' },
];

function Harness({ source, mode, calls }: { source: FormSource; mode: FormMode; calls: Partial<DynamicFormCalls> }) {
  const form = useDynamicForm({ source, mode, calls });
  return <DynamicForm form={form} />;
}

async function renderForm(source: FormSource, mode: FormMode, calls: Partial<DynamicFormCalls>) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={['dynamic', 'lookup']}>
        <Harness source={source} mode={mode} calls={calls} />
      </I18nProvider>
    </ChakraProvider>,
  );
  for (let i = 0; i < 4; i += 1) await settle();
}

const field = (name: string) => document.querySelector(`[data-part=field][data-name=${name}]`) as HTMLElement;
const fresh = JSON.stringify({ templateCode: 'all', templateName: '全部', template: TEMPLATE, templateData: toTemplateData(TEMPLATE, {}) });

describe('DynamicForm (widgets §3, §5: every field type, rules on blur, typed values)', () => {
  it('draws a control for every field type', async () => {
    await renderForm({ kind: 'new', code: 'all' }, 'edit', { loadForm: async () => fresh });
    expect(TEMPLATE.map((f) => f.type).sort()).toEqual([...FIELD_TYPES].sort());
    for (const f of TEMPLATE) expect([f.name, !!field(f.name)]).toEqual([f.name, true]);
    expect(within(field('kind')).getByRole('combobox')).toBeTruthy();
    expect(within(field('level')).getAllByRole('radio')).toHaveLength(2);
    expect(within(field('tags')).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(field('bank')).getByRole('button', { name: '选择银行' })).toBeTruthy();
    expect(field('bank').querySelector('[data-part=lookup-field]')?.getAttribute('data-lookup')).toBe('bank');
    expect(field('files').querySelector('input[type=file]')).toBeTruthy();
    // Dates are typed (or picked) as YYYY-MM-DD in either language, never the browser's locale order.
    const typed = (name: string) => field(name).querySelector<HTMLInputElement>('input[data-format]');
    expect([typed('day')?.dataset.format, typed('day')?.placeholder]).toEqual(['yyyy-MM-dd', 'YYYY-MM-DD']);
    expect([typed('at')?.dataset.format, typed('at')?.placeholder]).toEqual(['yyyy-MM-dd HH:mm', 'YYYY-MM-DD HH:mm']);
    expect(field('at').querySelector('[data-part=date-trigger]')).toBeTruthy();
  });

  it('checks a field on blur, formats an amount once left, and saves typed values wrapped in {"v": …}', async () => {
    const sent: SaveFormInput[] = [];
    await renderForm({ kind: 'new', code: 'all' }, 'edit', {
      loadForm: async () => fresh,
      saveForm: async (input) => {
        sent.push(input);
        return { id: 5, version: 1 };
      },
    });
    const title = within(field('title')).getByRole('textbox');
    fireEvent.blur(title);
    await settle();
    expect(field('title').textContent).toContain('标题不能为空');
    const amount = within(field('amount')).getByRole('textbox');
    fireEvent.change(amount, { target: { value: 'x1' } });
    fireEvent.blur(amount);
    await settle();
    expect(field('amount').textContent).toContain('金额不是有效的数字');
    fireEvent.change(amount, { target: { value: '1234.5' } });
    fireEvent.blur(amount);
    await settle();
    expect((amount as HTMLInputElement).value).toBe('1,234.50');
    expect(field('amount').getAttribute('data-state')).toBe('valid');
    fireEvent.change(title, { target: { value: '采购' } });
    fireEvent.click(within(field('tags')).getByText('乙'));
    await settle();
    fireEvent.click(screen.getByTestId('dynamic-form-save'));
    for (let i = 0; i < 3; i += 1) await settle();
    expect(sent).toHaveLength(1);
    const data = Object.fromEntries(sent[0]!.templateData.map((d) => [d.name, JSON.parse(d.value)]));
    expect(data).toMatchObject({ title: { v: '采购' }, amount: { v: 1234.5 }, tags: { v: ['B'] }, count: { v: null } });
    expect(screen.getByTestId('dynamic-form-saved')).toBeTruthy();
  });

  it('keeps the keyboard on Save while the form is saved: busy rather than disabled, one call however often pressed', async () => {
    const sent: SaveFormInput[] = [];
    let answer!: (saved: { id: number; version: number }) => void;
    await renderForm({ kind: 'new', code: 'all' }, 'edit', {
      loadForm: async () => fresh,
      saveForm: (input) => {
        sent.push(input);
        return new Promise((r) => (answer = r));
      },
    });
    fireEvent.change(within(field('title')).getByRole('textbox'), { target: { value: '采购' } });
    fireEvent.change(within(field('amount')).getByRole('textbox'), { target: { value: '12' } });
    await settle();
    const save = screen.getByTestId('dynamic-form-save');
    save.focus();
    fireEvent.click(save);
    for (let i = 0; i < 3; i += 1) await settle();
    expect(sent).toHaveLength(1);
    expect([document.activeElement === save, save.getAttribute('aria-disabled'), save.hasAttribute('disabled'), save.querySelector('.chakra-spinner') !== null]).toEqual([true, 'true', false, true]);
    // A second press, or Enter in a field, sends nothing more.
    fireEvent.click(save);
    fireEvent.submit(save.closest('form')!);
    await settle();
    expect(sent).toHaveLength(1);
    await act(async () => answer({ id: 5, version: 1 }));
    await settle();
    expect(screen.getByTestId('dynamic-form-saved')).toBeTruthy();
  });

  it('opens a saved form read-only, with its values', async () => {
    const stored = JSON.stringify({ id: 3, version: 2, templateCode: 'all', templateName: '全部', template: TEMPLATE, templateData: [{ name: 'title', value: wrapValue('已存') }, { name: 'amount', value: wrapValue(99) }, { name: 'level', value: wrapValue('A') }] });
    await renderForm({ kind: 'existing', id: 3 }, 'view', { loadForm: async () => stored });
    const title = within(field('title')).getByRole('textbox') as HTMLInputElement;
    expect(title.value).toBe('已存');
    expect(title.readOnly).toBe(true);
    expect((within(field('amount')).getByRole('textbox') as HTMLInputElement).value).toBe('99.00');
    expect((within(field('level')).getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
    expect((within(field('kind')).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByTestId('dynamic-form-save')).toBeNull();
    expect(screen.getByTestId('dynamic-form-edit')).toBeTruthy();
  });

  it('says beside a choice whose options could not be loaded that they could not, and asks again on retry; the others list theirs', async () => {
    // The remote field's dictionary call has no server here: it fails (the fetch double answers 404).
    const counting = globalThis.fetch;
    let calls = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/')) calls += 1;
      return counting(input, init);
    }) as typeof fetch;
    try {
      await renderForm({ kind: 'new', code: 'all' }, 'edit', { loadForm: async () => fresh });
      const failed = within(field('remote')).getByTestId('options-failed');
      expect(failed.getAttribute('role')).toBe('alert');
      expect(failed.textContent).toContain('选项读取失败');
      expect(field('remote').querySelector('[data-part=options]')?.getAttribute('data-state')).toBe('failed');
      // A static list has nothing to fail.
      expect(within(field('kind')).queryByTestId('options-failed')).toBeNull();
      expect(field('kind').querySelector('[data-part=options]')?.getAttribute('data-state')).toBe('ready');
      const before = calls;
      fireEvent.click(within(failed).getByRole('button', { name: '重试' }));
      for (let i = 0; i < 4; i += 1) await settle();
      expect(calls).toBeGreaterThan(before);
      expect(within(field('remote')).getByTestId('options-failed')).toBeTruthy();
    } finally {
      globalThis.fetch = counting;
    }
  });

  it('says "data empty" for a template without fields, and the failure when nothing came', async () => {
    await renderForm({ kind: 'new', code: 'blank' }, 'edit', { loadForm: async () => JSON.stringify({ template: [], templateData: [] }) });
    expect(screen.getByTestId('dynamic-form-empty').textContent).toBe('暂无数据');
    cleanup();
    await renderForm({ kind: 'new', code: 'gone' }, 'edit', { loadForm: async () => null });
    expect(screen.getByTestId('dynamic-form-error').textContent).toContain('表单加载失败');
  });
});
