import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { createActor, fromPromise } from 'xstate';
import { loginMachine, type LoginResult, type LoginValues } from '../../src/machines/login.machine';
import { createInspectorStore } from '../../src/services/inspector';
import { I18nProvider } from '../../src/services/i18n/react';
import { system } from '../../src/services/theme-system';
import InspectorPanel from '../../src/widgets/inspector/InspectorPanel';

// The panel with a real store fed by a real actor; messages are not served here, so the
// panel shows its locale keys, which is enough to find its parts.
const pending = loginMachine.provide({ actors: { submitLogin: fromPromise<LoginResult, LoginValues>(() => new Promise(() => undefined)) } });
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 0)));

function mount(store: ReturnType<typeof createInspectorStore>) {
  return render(
    <ChakraProvider value={system}>
      <I18nProvider modules={[]}>
        <div id="root" />
        <InspectorPanel store={store} />
      </I18nProvider>
    </ChakraProvider>,
  );
}

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('inspector panel', () => {
  it('stays closed without ?inspect=1 and opens with Alt+Shift+I', async () => {
    const store = createInspectorStore();
    mount(store);
    await settle();
    expect(screen.queryByTestId('inspector')).toBeNull();
    fireEvent.keyDown(window, { code: 'KeyI', altKey: true, shiftKey: true });
    await settle();
    expect(await screen.findByTestId('inspector')).toBeTruthy();
    fireEvent.keyDown(window, { code: 'KeyI', altKey: true, shiftKey: true });
    await settle();
    expect(screen.queryByTestId('inspector')).toBeNull();
  });

  it('with ?inspect=1 shows the live actors, the chosen one\'s state and its context, redacted, and the events', async () => {
    window.history.replaceState(null, '', '/login.html?inspect=1#/login');
    const store = createInspectorStore();
    const actor = createActor(pending, { inspect: store.inspect }).start();
    mount(store);
    await settle();
    const panel = await screen.findByTestId('inspector');
    await act(async () => {
      actor.send({ type: 'FIELD.CHANGE', field: 'userCode', value: 'admin' });
      actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'Admin@2026' });
      actor.send({ type: 'FORM.SUBMIT' });
    });
    await settle();

    const names = within(panel).getAllByTestId('inspector-actor').map((el) => el.getAttribute('data-actor-name'));
    expect(names).toEqual(['login', '0.login.submitting']);
    expect(within(panel).getByTestId('inspector-state').textContent).toBe('submitting');
    const context = within(panel).getByTestId('inspector-context').textContent!;
    expect(context).toContain('"userCode": "admin"');
    expect(context).toContain('"password": "«redacted»"');
    expect(within(panel).getAllByTestId('inspector-event').map((e) => e.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('FIELD.CHANGE'), expect.stringContaining('FORM.SUBMIT')]),
    );
    expect(panel.textContent).not.toContain('Admin@2026');
    // The page keeps the space above the docked panel.
    expect(document.getElementById('root')!.style.height).toMatch(/^calc\(/);

    // Choosing the child shows the child.
    fireEvent.click(within(panel).getAllByTestId('inspector-actor')[1]!);
    expect(within(panel).getByTestId('inspector-details').getAttribute('data-actor-name')).toBe('0.login.submitting');
    actor.stop();
  });
});
