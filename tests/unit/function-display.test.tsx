import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import { local } from '../../src/services/storage';
import { SHOW_ALL, displayOf, hideButtonMap, type HideButtonMap } from '../../src/shared/function-display';
import currency from '../../src/resources/defs/currency';
import ratePlan from '../../src/resources/defs/rate-plan';
import { createActor } from 'xstate';
import { recordFormMachine } from '../../src/machines/record-form.machine';
import { connectRecordForm } from '../../src/machines/record-form.connect';

// The map's call is answered by a double; everything else is real.
let answer: () => Promise<HideButtonMap> = async () => ({});
const asked: string[] = [];
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint) => {
    asked.push(endpoint.path);
    return answer();
  },
}));
const { RowActions } = jest.requireActual<typeof import('../../src/views/resource/RowActions')>('../../src/views/resource/RowActions');
const { useFunctionDisplay } = jest.requireActual<typeof import('../../src/services/function-display')>('../../src/services/function-display');

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const mount = (node: React.ReactNode) =>
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>{node}</I18nProvider>
    </ChakraProvider>,
  );

beforeEach(() => {
  asked.length = 0;
});
afterEach(cleanup);

describe('the hide-button map (widgets §6)', () => {
  it('hides a button whose functionDisplay is false, and the parameters listed; hidden wins over shown', () => {
    const map = hideButtonMap([
      { funcUrl: '/currency', elementKind: 'button', elementCode: 'add', functionDisplay: false },
      { funcUrl: '/currency', elementKind: 'button', elementCode: 'add', functionDisplay: true },
      { funcUrl: '/currency', elementKind: 'button', elementCode: 'refresh', functionDisplay: true },
      { funcUrl: '/currency', elementKind: 'param', elementCode: 'currencyName', functionDisplay: false },
      { funcUrl: '/currency', elementKind: 'param', elementCode: 'currencyCode', functionDisplay: true },
    ]);
    expect(map).toEqual({ '/currency': { buttons: { add: false, refresh: true }, params: ['currencyName'] } });
    const shown = displayOf(map, '/currency');
    expect([shown.button('add'), shown.button('refresh'), shown.button('export')]).toEqual([false, true, true]);
    expect([shown.param('currencyName'), shown.param('currencyCode')]).toEqual([false, true]);
    // Another function, or no map at all: everything shown.
    expect(displayOf(map, '/bank').button('add')).toBe(true);
    expect(displayOf(null, '/currency')).toBe(SHOW_ALL);
  });

  it('leaves out of a row the buttons the map hides, the view button included', async () => {
    const row = { id: 1, version: 1, recordState: 'approved', enabled: true, currencyCode: 'CNY' };
    const display = displayOf({ '/currency': { buttons: { view: false, edit: false }, params: [] } }, '/currency');
    mount(<RowActions def={currency} row={row} display={display} disabled={false} onIntent={() => {}} userId={null} />);
    await screen.findByRole('button', { name: 'resource.action.disable' });
    // Edit and view hidden: disable (the next allowed step) moves into the row, no menu is left.
    expect(screen.queryByText('resource.action.view')).toBeNull();
    expect(screen.queryByText('resource.action.edit')).toBeNull();
    expect(screen.getByRole('button', { name: 'resource.action.disable' })).toBeTruthy();
    expect(document.querySelector('[data-part=row-menu]')).toBeNull();
    cleanup();
    mount(<RowActions def={currency} row={row} display={SHOW_ALL} disabled={false} onIntent={() => {}} userId={null} />);
    expect(await screen.findByRole('button', { name: 'resource.action.view' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'resource.action.edit' })).toBeTruthy();
  });

  it('offers no review of a submitted record to the user who submitted it (the server refuses it), and one to anyone else', async () => {
    const row = { id: 1, version: 1, recordState: 'submitted', enabled: false, planNo: 'RP000001', updatedBy: 7 };
    mount(<RowActions def={ratePlan} row={row} display={SHOW_ALL} disabled={false} onIntent={() => {}} userId={8} />);
    expect(await screen.findByRole('button', { name: 'resource.action.review' })).toBeTruthy();
    cleanup();
    mount(<RowActions def={ratePlan} row={row} display={SHOW_ALL} disabled={false} onIntent={() => {}} userId={7} />);
    await screen.findByRole('button', { name: 'resource.action.view' });
    expect(screen.queryByText('resource.action.review')).toBeNull();
  });

  it('draws a row’s further steps only once its menu opens, from a native button that keeps its part (issue 16: rows are drawn as they scroll in)', async () => {
    const row = { id: 1, version: 1, recordState: 'draft', enabled: true, currencyCode: 'CNY' };
    const intents: unknown[] = [];
    mount(<RowActions def={currency} row={row} display={SHOW_ALL} disabled={false} onIntent={(intent) => intents.push(intent)} userId={null} />);
    const more = await screen.findByRole('button', { name: 'resource.action.more' });
    expect([more.tagName, more.dataset.part]).toEqual(['BUTTON', 'row-menu']);
    expect(screen.getByRole('button', { name: 'resource.action.view' }).dataset.part).toBe('row-action');
    // A draft offers edit in the row; its other steps wait in the menu, not yet drawn, hidden or not.
    expect(screen.queryAllByRole('menuitem', { hidden: true })).toEqual([]);
    expect(document.querySelector('[data-action=delete]')).toBeNull();
    await act(async () => void fireEvent.click(more));
    const remove = (await screen.findByText('resource.action.delete')).closest('[role="menuitem"]')!;
    expect(screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.getAttribute('data-action'))).toEqual(['submit', 'nullify', 'delete']);
    // Zag's menu selects the highlighted item: pointer down highlights it, then the click selects it.
    await act(async () => void fireEvent.pointerDown(remove));
    await act(async () => void fireEvent.click(remove));
    expect(intents).toEqual([{ kind: 'call', row, call: 'delete', confirm: true }]);
  });

  it('leaves out of an edit form’s bar the buttons the map hides, so Enter has no save to press either', () => {
    const form = createActor(recordFormMachine, { input: { mode: 'edit', id: 1, initial: {}, valuesOf: () => ({}), validate: () => ({}) } }).start();
    const bar = (display?: ReturnType<typeof displayOf>) => connectRecordForm(form.getSnapshot(), () => undefined, { reviewed: true, ...(display ? { display } : {}) }).buttons;
    expect(bar()).toEqual(['submit', 'save', 'return']);
    expect(bar(displayOf({ '/currency': { buttons: { save: false, submit: false }, params: [] } }, '/currency'))).toEqual(['return']);
    // Another function's entry leaves this one's bar whole.
    expect(bar(displayOf({ '/bank': { buttons: { save: false }, params: [] } }, '/currency'))).toEqual(['submit', 'save', 'return']);
    form.stop();
  });

  function Probe({ path }: { path: string }) {
    const display = useFunctionDisplay(path);
    return <span data-testid="probe">{`${display.button('add')}/${display.param('currencyName')}`}</span>;
  }
  const probe = async (path: string) => {
    await act(async () => {
      mount(
        <Suspense fallback={<span>loading</span>}>
          <Probe path={path} />
        </Suspense>,
      );
    });
    return (await screen.findByTestId('probe')).textContent;
  };

  it('is asked once a session; a map that cannot be loaded hides nothing until the next session', async () => {
    local.set('sessionKey', 'session-1');
    answer = async () => ({ '/currency': { buttons: { add: false }, params: ['currencyName'] } });
    expect(await probe('/currency')).toBe('false/false');
    cleanup();
    expect(await probe('/bank')).toBe('true/true');
    expect(asked).toEqual(['/api/fsmc/auth/userMenu/query-hide-button']);

    cleanup();
    local.set('sessionKey', 'session-2');
    answer = async () => {
      throw new Error('offline');
    };
    expect(await probe('/currency')).toBe('true/true');
    cleanup();
    answer = async () => ({ '/currency': { buttons: { add: false }, params: [] } });
    expect(await probe('/currency')).toBe('true/true');
    expect(asked).toHaveLength(2);
    cleanup();
    local.set('sessionKey', 'session-3');
    expect(await probe('/currency')).toBe('false/true');
    expect(asked).toHaveLength(3);
  });
});
