import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { Endpoint } from '../../src/shared/contract';
import { contract } from '../../src/shared/contract';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import userInfo from '../../src/resources/defs/user-info';
import duty from '../../src/resources/defs/duty';
import { SHOW_ALL, displayOf } from '../../src/shared/function-display';

// The extras with their real machines and Chakra parts; the server is a double that answers
// each call by its endpoint. Messages are not served here, so texts show as their keys.
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

// Imported after the double is in place.
const { UserRowActions, UserToolbar } = jest.requireActual<typeof import('../../src/views/resource/extras/UserExtras')>('../../src/views/resource/extras/UserExtras');
const { DutyRowActions, buildFunctionTree, dutyNameOf } = jest.requireActual<typeof import('../../src/views/resource/extras/DutyExtras')>('../../src/views/resource/extras/DutyExtras');

// jsdom lays nothing out: the menu's positioning only needs the observer to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));
const api = contract.userAdmin;

function mount(node: React.ReactNode) {
  render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>{node}</I18nProvider>
    </ChakraProvider>,
  );
}

const FUNCTIONS = [
  { id: 2, fatherFunctionId: null, functionName: '组织管理', funcUrl: null, funcOrder: 2 },
  { id: 201, fatherFunctionId: 2, functionName: '机构信息', funcUrl: null, funcOrder: 1 },
  { id: 20101, fatherFunctionId: 201, functionName: '机构信息页', funcUrl: '/org-info', funcOrder: 1 },
  { id: 20103, fatherFunctionId: 201, functionName: '部门', funcUrl: '/department', funcOrder: 3 },
];

/**
 * A keyboard user's press on a button whose request then runs: it keeps the focus (busy, not
 * disabled: a disabled button drops it to the page), says it waits (aria-disabled), shows the
 * spinner, and a second press sends nothing more.
 */
async function pressAndWait(button: HTMLElement, path: string) {
  button.focus();
  fireEvent.click(button);
  await settle();
  const count = sent.filter((s) => s.path === path).length;
  expect(count).toBe(1);
  expect(document.activeElement).toBe(button);
  expect([button.getAttribute('aria-disabled'), button.hasAttribute('disabled'), button.querySelector('.chakra-spinner') !== null]).toEqual(['true', false, true]);
  fireEvent.click(button);
  await settle();
  expect(sent.filter((s) => s.path === path).length).toBe(1);
}

beforeEach(() => {
  answers.clear();
  sent.length = 0;
});
afterEach(cleanup);

describe('the function tree', () => {
  it('is built from the flat list in three levels, pages as its leaves', () => {
    const { root, leaves } = buildFunctionTree(FUNCTIONS);
    expect(root.children?.map((a) => [a.id, a.children?.map((g) => [g.id, g.children?.map((p) => p.id)])])).toEqual([['2', [['201', ['20101', '20103']]]]]);
    expect([...leaves].sort()).toEqual([20101, 20103]);
  });

  it('names its duty in the reader\'s language: the English name in English when there is one', () => {
    const admin = { dutyName: '系统管理员', dutyNameEn: 'System administrator' };
    expect([dutyNameOf(admin, 'en-US'), dutyNameOf(admin, 'zh-CN'), dutyNameOf({ dutyName: '机构管理员', dutyNameEn: null }, 'en-US')]).toEqual(['System administrator', '系统管理员', '机构管理员']);
  });

  it('shows the pages a duty grants ticked, and saves the pages chosen (never a group)', async () => {
    answers.set(api.functionTree.path, () => ({ dutyId: 7, functions: FUNCTIONS, granted: [2, 201, 20101] }));
    answers.set(api.saveFunctionTree.path, (body) => ({ dutyId: 7, functions: FUNCTIONS, granted: body.funcIds }));
    const reload = jest.fn();
    mount(<DutyRowActions def={duty} row={{ id: 7, version: 3, recordState: 'approved', enabled: true, dutyCode: 'ORG', dutyName: '机构管理员' }} reload={reload} display={SHOW_ALL} />);
    await settle();
    fireEvent.click(screen.getByText('admin.tree.action'));
    await settle();
    const dialog = await screen.findByTestId('function-tree-dialog');
    expect(sent.map((s) => [s.path, s.body])).toEqual([[api.functionTree.path, { id: 7 }]]);
    const leaves = within(dialog).getAllByTestId('function-leaf');
    expect(leaves.map((l) => l.textContent)).toEqual(['机构信息页', '部门']);
    const box = (name: string) => within(dialog).getAllByRole('checkbox').find((c) => c.closest('[data-part="item"], [data-part="branch-control"]')?.textContent === name)!;
    expect(box('机构信息页').getAttribute('aria-checked')).toBe('true');
    expect(box('部门').getAttribute('aria-checked')).toBe('false');
    // The group is partly ticked.
    expect(box('机构信息').getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(box('部门'));
    await settle();
    expect(box('机构信息').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(dialog).getByText('admin.tree.save'));
    await settle();
    expect(sent.at(-1)).toEqual({ path: api.saveFunctionTree.path, body: { id: 7, funcIds: [20101, 20103] } });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('function-tree-dialog')).toBeNull();
  });

  it('keeps the keyboard on Save while the tree is saved, busy rather than disabled, and sends once', async () => {
    answers.set(api.functionTree.path, () => ({ dutyId: 7, functions: FUNCTIONS, granted: [20101] }));
    let answer!: (value: unknown) => void;
    answers.set(api.saveFunctionTree.path, () => new Promise((r) => (answer = r)));
    mount(<DutyRowActions def={duty} row={{ id: 7, version: 3, recordState: 'approved', enabled: true }} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    fireEvent.click(screen.getByText('admin.tree.action'));
    await settle();
    const dialog = await screen.findByTestId('function-tree-dialog');
    await within(dialog).findAllByTestId('function-leaf');
    const box = within(dialog).getAllByRole('checkbox').find((c) => c.closest('[data-part="item"]')?.textContent === '部门')!;
    fireEvent.click(box);
    await settle();
    await pressAndWait(within(dialog).getByText('admin.tree.save').closest('button')!, api.saveFunctionTree.path);
    await act(async () => answer({ dutyId: 7, functions: FUNCTIONS, granted: [20101] }));
    await settle();
    expect(screen.queryByTestId('function-tree-dialog')).toBeNull();
  });

  it('offers nothing on a cancelled duty', async () => {
    mount(<DutyRowActions def={duty} row={{ id: 7, version: 3, recordState: 'nullified', enabled: true }} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    expect(screen.queryByText('admin.tree.action')).toBeNull();
  });
});

describe('a user row’s extras', () => {
  const row = { id: 5, version: 2, recordState: 'approved', enabled: true, userCode: 'clerk01', userName: '李出纳' };
  const choose = async (item: string) => {
    fireEvent.click(screen.getByText('admin.user.more'));
    await settle();
    // Zag's menu selects the highlighted item: pointer down highlights it, then the click selects it.
    const entry = (await screen.findByText(item)).closest('[role="menuitem"]')!;
    fireEvent.pointerDown(entry);
    await settle();
    fireEvent.click(entry);
    await settle();
  };

  it('resets the password after a question and shows the new one once', async () => {
    answers.set(api.resetPassword.path, () => ({ userCode: 'clerk01', password: 'Kq7#mZ2!pR4xT9vB' }));
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    await choose('admin.user.resetPassword');
    const dialog = await screen.findByTestId('reset-password-dialog');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByText('admin.reset.confirm'));
    await settle();
    expect(sent).toEqual([{ path: api.resetPassword.path, body: { id: 5 } }]);
    expect((within(dialog).getByLabelText('admin.reset.password') as HTMLInputElement).value).toBe('Kq7#mZ2!pR4xT9vB');
    fireEvent.click(within(dialog).getByText('admin.reset.close'));
    await settle();
    expect(screen.queryByTestId('reset-password-dialog')).toBeNull();
  });

  it('keeps the keyboard on the pressed confirm while the password is reset, busy rather than disabled, and sends once', async () => {
    let answer!: (value: unknown) => void;
    answers.set(api.resetPassword.path, () => new Promise((r) => (answer = r)));
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    await choose('admin.user.resetPassword');
    const dialog = await screen.findByTestId('reset-password-dialog');
    await pressAndWait(within(dialog).getByText('admin.reset.confirm').closest('button')!, api.resetPassword.path);
    // Cancel waits too.
    expect(within(dialog).getByText('admin.reset.cancel').closest('button')!.getAttribute('aria-disabled')).toBe('true');
    await act(async () => answer({ userCode: 'clerk01', password: 'Kq7#mZ2!pR4xT9vB' }));
    await settle();
    expect((within(dialog).getByLabelText('admin.reset.password') as HTMLInputElement).value).toBe('Kq7#mZ2!pR4xT9vB');
  });

  it('keeps the keyboard on Lock while the lock is sent, busy rather than disabled, and sends once', async () => {
    answers.set(api.lockState.path, () => ({ id: 5, userCode: 'clerk01', locked: false, lockedUntil: null }));
    let answer!: (value: unknown) => void;
    answers.set(api.changeLockedTime.path, () => new Promise((r) => (answer = r)));
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    await choose('admin.user.lock');
    const dialog = await screen.findByTestId('lock-dialog');
    await within(dialog).findByText('admin.lock.notLocked');
    fireEvent.change(dialog.querySelector('input[data-format]')!, { target: { value: '2030-06-01 18:30' } });
    await pressAndWait(within(dialog).getByText('admin.lock.lock').closest('button')!, api.changeLockedTime.path);
    await act(async () => answer({ id: 5, userCode: 'clerk01', locked: true, lockedUntil: '2030-06-01T10:30:00.000Z' }));
    await settle();
    expect(screen.queryByTestId('lock-dialog')).toBeNull();
  });

  it('keeps the keyboard on Save while the duty stations are saved, busy rather than disabled, and sends once', async () => {
    answers.set(api.dutyStations.path, () => ({ userId: 5, held: [1], duties: [{ id: 1, dutyCode: 'STAFF', dutyName: '资金业务员', recordState: 'approved', enabled: true }, { id: 3, dutyCode: 'ORG', dutyName: '机构管理员', recordState: 'approved', enabled: true }] }));
    answers.set(api.saveDutyStations.path, () => new Promise(() => undefined));
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    await choose('admin.user.stations');
    const dialog = await screen.findByTestId('stations-dialog');
    fireEvent.click(within(within(dialog).getAllByTestId('station')[1]!).getByRole('checkbox'));
    await settle();
    await pressAndWait(within(dialog).getByText('admin.stations.save').closest('button')!, api.saveDutyStations.path);
  });

  it('locks until the time typed, sent as the server’s ISO time, and asks for a time first', async () => {
    answers.set(api.lockState.path, () => ({ id: 5, userCode: 'clerk01', locked: false, lockedUntil: null }));
    answers.set(api.changeLockedTime.path, (body) => ({ id: 5, userCode: 'clerk01', locked: true, lockedUntil: body.lockedUntil }));
    const reload = jest.fn();
    mount(<UserRowActions def={userInfo} row={row} reload={reload} display={SHOW_ALL} />);
    await settle();
    await choose('admin.user.lock');
    const dialog = await screen.findByTestId('lock-dialog');
    expect(within(dialog).getByText('admin.lock.notLocked')).toBeTruthy();
    // No unlock while not locked.
    expect(within(dialog).queryByText('admin.lock.unlock')).toBeNull();
    fireEvent.click(within(dialog).getByText('admin.lock.lock'));
    await settle();
    expect(within(dialog).getByText('admin.lock.required')).toBeTruthy();
    const input = dialog.querySelector('input[data-format]') as HTMLInputElement;
    // A time that is none is named on the field and kept as typed; nothing is sent.
    const before = sent.length;
    fireEvent.change(input, { target: { value: '2030-06-01 18:3' } });
    fireEvent.click(within(dialog).getByText('admin.lock.lock'));
    await settle();
    expect(within(dialog).getByText('admin.lock.badTime')).toBeTruthy();
    expect([input.value, sent.length]).toEqual(['2030-06-01 18:3', before]);
    fireEvent.change(input, { target: { value: '2030-06-01 18:30' } });
    fireEvent.click(within(dialog).getByText('admin.lock.lock'));
    await settle();
    expect(sent.at(-1)).toEqual({ path: api.changeLockedTime.path, body: { id: 5, lockedUntil: new Date('2030-06-01T18:30').toISOString() } });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('lock-dialog')).toBeNull();
  });

  it('sets the duty stations from the duties offered', async () => {
    answers.set(api.dutyStations.path, () => ({ userId: 5, held: [1], duties: [{ id: 1, dutyCode: 'STAFF', dutyName: '资金业务员', recordState: 'approved', enabled: true }, { id: 3, dutyCode: 'ORG', dutyName: '机构管理员', recordState: 'draft', enabled: true }] }));
    answers.set(api.saveDutyStations.path, (body) => ({ userId: 5, held: body.dutyIds, duties: [] }));
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    await choose('admin.user.stations');
    const dialog = await screen.findByTestId('stations-dialog');
    const stations = within(dialog).getAllByTestId('station');
    expect(stations.map((s) => s.getAttribute('data-state'))).toEqual(['checked', 'unchecked']);
    fireEvent.click(within(stations[1]!).getByRole('checkbox'));
    await settle();
    fireEvent.click(within(dialog).getByText('admin.stations.save'));
    await settle();
    expect(sent.at(-1)).toEqual({ path: api.saveDutyStations.path, body: { id: 5, dutyIds: [1, 3] } });
  });

  it('offers only the actions the hide-button map leaves shown (widgets §6); none left, no menu', async () => {
    const hiding = (...codes: string[]) => displayOf({ '/user-info': { buttons: Object.fromEntries(codes.map((c) => [c, false])), params: [] } }, '/user-info');
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={hiding('lock')} />);
    await settle();
    fireEvent.click(screen.getByText('admin.user.more'));
    await settle();
    expect(await screen.findByText('admin.user.resetPassword')).toBeTruthy();
    expect(screen.getByText('admin.user.stations')).toBeTruthy();
    expect(screen.queryByText('admin.user.lock')).toBeNull();
    cleanup();
    mount(<UserRowActions def={userInfo} row={row} reload={() => undefined} display={hiding('resetPassword', 'lock', 'stations')} />);
    await settle();
    expect(screen.queryByText('admin.user.more')).toBeNull();
    cleanup();
    mount(<UserToolbar def={userInfo} reload={() => undefined} display={hiding('onlineUsers')} />);
    await settle();
    expect(screen.queryByText('admin.user.onlineUsers')).toBeNull();
    cleanup();
    mount(<DutyRowActions def={duty} row={{ id: 7, version: 3, recordState: 'approved', enabled: true }} reload={() => undefined} display={displayOf({ '/duty': { buttons: { functions: false }, params: [] } }, '/duty')} />);
    await settle();
    expect(screen.queryByText('admin.tree.action')).toBeNull();
  });

  it('lists the online users from the toolbar', async () => {
    answers.set(api.onlineUsers.path, () => ({ total: 1, rows: [{ userId: 1, userCode: 'admin', userName: '系统管理员', orgCode: 'HQ', loginAt: '2026-11-24T01:00:00.000Z', lastSeenAt: '2026-11-24T01:05:00.000Z', lang: 'zh-CN' }] }));
    mount(<UserToolbar def={userInfo} reload={() => undefined} display={SHOW_ALL} />);
    await settle();
    fireEvent.click(screen.getByText('admin.user.onlineUsers'));
    await settle();
    const rows = await screen.findAllByTestId('online-user');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('admin系统管理员HQ')]);
    expect(sent).toEqual([{ path: api.onlineUsers.path, body: { start: 1, limit: 10 } }]);
  });
});
