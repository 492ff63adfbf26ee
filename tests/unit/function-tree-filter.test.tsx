import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { contract } from '../../src/shared/contract';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import duty from '../../src/resources/defs/duty';
import { SHOW_ALL } from '../../src/shared/function-display';

// The duty's function-tree dialog with its real machine and Chakra's TreeView; the server is a
// double answering by endpoint. Messages are not served here, so texts show as their keys.
type Answerer = (body: Record<string, unknown>) => unknown;
const answers = new Map<string, Answerer>();
const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
jest.mock('../../src/services/http/call', () => ({
  call: async (endpoint: Endpoint, body: Record<string, unknown>) => {
    sent.push({ path: endpoint.path, body });
    const answer = answers.get(endpoint.path);
    if (!answer) throw new Error(`no answer for ${endpoint.path}`);
    return answer(body);
  },
}));

const { DutyRowActions, buildFunctionTree, pagesMatching } = jest.requireActual<typeof import('../../src/views/resource/extras/DutyExtras')>('../../src/views/resource/extras/DutyExtras');

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const api = contract.userAdmin;

/** Two areas: system settings (security, parameters) and organisation, as the seed has them, in brief. */
const FUNCTIONS = [
  { id: 7, fatherFunctionId: null, functionName: 'System settings', funcUrl: null, funcOrder: 1 },
  { id: 701, fatherFunctionId: 7, functionName: 'Security', funcUrl: null, funcOrder: 1 },
  { id: 70102, fatherFunctionId: 701, functionName: 'Password rules', funcUrl: '/password-rule', funcOrder: 1 },
  { id: 702, fatherFunctionId: 7, functionName: 'Parameters', funcUrl: null, funcOrder: 2 },
  { id: 70201, fatherFunctionId: 702, functionName: 'Dictionaries', funcUrl: '/dictionary', funcOrder: 1 },
  { id: 70206, fatherFunctionId: 702, functionName: 'System parameters', funcUrl: '/sys-param-setting', funcOrder: 2 },
  { id: 2, fatherFunctionId: null, functionName: 'Organisation', funcUrl: null, funcOrder: 2 },
  { id: 201, fatherFunctionId: 2, functionName: 'Organisation information', funcUrl: null, funcOrder: 1 },
  { id: 20103, fatherFunctionId: 201, functionName: 'Departments', funcUrl: '/department', funcOrder: 1 },
];
const { leaves } = buildFunctionTree(FUNCTIONS);

beforeEach(() => {
  answers.clear();
  sent.length = 0;
});
afterEach(cleanup);

describe('filtering the function tree', () => {
  it('finds pages by their own name or by their group’s or area’s, letter case aside, never a group alone', () => {
    expect([...pagesMatching(FUNCTIONS, leaves, 'system PARAM')]).toEqual([70206]);
    // "Parameters" names a group: all its pages, and a page named so elsewhere.
    expect([...pagesMatching(FUNCTIONS, leaves, 'parameters')].sort()).toEqual([70201, 70206]);
    expect([...pagesMatching(FUNCTIONS, leaves, 'organisation')]).toEqual([20103]);
    expect([...pagesMatching(FUNCTIONS, leaves, '  ')].sort()).toEqual([20103, 70102, 70201, 70206]);
    expect(pagesMatching(FUNCTIONS, leaves, 'payroll').size).toBe(0);
  });

  it('shows only the pages found; a page ticked while filtered is saved with those ticked before, hidden or not', async () => {
    answers.set(api.functionTree.path, () => ({ dutyId: 9, functions: FUNCTIONS, granted: [2, 201, 20103] }));
    answers.set(api.saveFunctionTree.path, (body) => ({ dutyId: 9, functions: FUNCTIONS, granted: body.funcIds }));
    mount();
    await settle();
    fireEvent.click(screen.getByText('admin.tree.action'));
    await settle();
    const dialog = await screen.findByTestId('function-tree-dialog');
    const names = () => within(dialog).queryAllByTestId('function-leaf').map((l) => l.textContent);
    expect(names()).toEqual(['Password rules', 'Dictionaries', 'System parameters', 'Departments']);

    const filter = within(dialog).getByLabelText('admin.tree.filter');
    fireEvent.change(filter, { target: { value: 'system param' } });
    await settle();
    expect(names()).toEqual(['System parameters']);
    // Its group and area show with it.
    expect(within(dialog).getByText('Parameters')).toBeTruthy();
    expect(within(dialog).queryByText('Organisation')).toBeNull();
    fireEvent.click(box(dialog, 'System parameters'));
    await settle();
    expect(box(dialog, 'System parameters').getAttribute('aria-checked')).toBe('true');

    fireEvent.change(filter, { target: { value: 'payroll' } });
    await settle();
    expect(names()).toEqual([]);
    expect(within(dialog).getByText('admin.tree.noMatch')).toBeTruthy();

    fireEvent.change(filter, { target: { value: '' } });
    await settle();
    expect(names()).toEqual(['Password rules', 'Dictionaries', 'System parameters', 'Departments']);
    expect(box(dialog, 'Departments').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByText('admin.tree.save'));
    await settle();
    expect(sent.at(-1)).toEqual({ path: api.saveFunctionTree.path, body: { id: 9, funcIds: [20103, 70206] } });
  });

  it('ticks with a group’s checkbox only the pages the filter shows', async () => {
    answers.set(api.functionTree.path, () => ({ dutyId: 9, functions: FUNCTIONS, granted: [] }));
    answers.set(api.saveFunctionTree.path, (body) => ({ dutyId: 9, functions: FUNCTIONS, granted: body.funcIds }));
    mount();
    await settle();
    fireEvent.click(screen.getByText('admin.tree.action'));
    await settle();
    const dialog = await screen.findByTestId('function-tree-dialog');
    fireEvent.change(within(dialog).getByLabelText('admin.tree.filter'), { target: { value: 'system parameters' } });
    await settle();
    fireEvent.click(box(dialog, 'Parameters'));
    await settle();
    fireEvent.click(within(dialog).getByText('admin.tree.save'));
    await settle();
    expect(sent.at(-1)).toEqual({ path: api.saveFunctionTree.path, body: { id: 9, funcIds: [70206] } });
  });
});

function mount() {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <DutyRowActions def={duty} row={{ id: 9, version: 1, recordState: 'submitted', enabled: true, dutyCode: 'PARAM_KEEPER', dutyName: 'Parameter keeper' }} reload={() => undefined} display={SHOW_ALL} />
      </I18nProvider>
    </ChakraProvider>,
  );
}

/** The checkbox of the row (page or group) named so. */
function box(dialog: HTMLElement, name: string): HTMLElement {
  return within(dialog)
    .getAllByRole('checkbox')
    .find((c) => c.closest('[data-part="item"], [data-part="branch-control"]')?.textContent === name)!;
}
