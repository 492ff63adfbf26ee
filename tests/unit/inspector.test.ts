import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise } from 'xstate';
import { loginMachine, type LoginResult, type LoginValues } from '../../src/machines/login.machine';
import { createInspectorStore, redact, REDACTED } from '../../src/services/inspector';
import { actorTree, defaultActor } from '../../src/widgets/inspector/actor-tree';
import { isInspectorShortcut, wantsInspector } from '../../src/widgets/inspector/open-inspector';
import { highlightStates, safeSvg } from '../../src/widgets/inspector/safe-svg';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('redaction', () => {
  it('hides passwords, tokens, keys and certificate data by name', () => {
    const out = redact({ userCode: 'admin', password: 'Admin@2026', JwtToken: 'abc', sessionKey: 's', privateKey: 'k', userCert: { sn: '1' }, apiKey: 'x', nested: { newPwd: 'p', signature: 'sig' } });
    expect(out).toEqual({ userCode: 'admin', password: REDACTED, JwtToken: REDACTED, sessionKey: REDACTED, privateKey: REDACTED, userCert: REDACTED, apiKey: REDACTED, nested: { newPwd: REDACTED, signature: REDACTED } });
  });

  it('hides the value of a field change when the field is a secret', () => {
    expect(redact({ type: 'FIELD.CHANGE', field: 'password', value: 'Admin@2026' })).toEqual({ type: 'FIELD.CHANGE', field: 'password', value: REDACTED });
    expect(redact({ type: 'FIELD.CHANGE', field: 'userCode', value: 'admin' })).toEqual({ type: 'FIELD.CHANGE', field: 'userCode', value: 'admin' });
  });

  it('hides PEM, JWT-shaped and long base64 or hex strings whatever their name', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB...\n-----END CERTIFICATE-----';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const blob = 'A'.repeat(80);
    expect(redact({ note: pem, other: jwt, data: [blob, 'short'] })).toEqual({ note: REDACTED, other: REDACTED, data: [REDACTED, 'short'] });
  });

  it('keeps locale keys, names functions and survives cycles', () => {
    const cyclic: Record<string, unknown> = { errorKey: 'login.error.required' };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ errorKey: 'login.error.required', self: '[circular]' });
    expect(redact({ run: function check() {} })).toEqual({ run: 'ƒ check' });
    expect(redact(new Error('boom'))).toEqual({ error: 'Error', message: 'boom' });
  });
});

describe('inspector store', () => {
  it('records a live machine, its state, its redacted context and its events', async () => {
    const store = createInspectorStore();
    const pending = loginMachine.provide({ actors: { submitLogin: fromPromise<LoginResult, LoginValues>(() => new Promise(() => undefined)) } });
    const actor = createActor(pending, { inspect: store.inspect }).start();
    actor.send({ type: 'FIELD.CHANGE', field: 'userCode', value: 'admin' });
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'Admin@2026' });
    await tick();
    const [login] = store.getState().actors;
    expect(login).toMatchObject({ name: 'login', machineId: 'login', value: 'editing', status: 'active', activeStateIds: ['login', 'login.editing'] });
    expect(login!.context).toMatchObject({ values: { userCode: 'admin', password: REDACTED } });
    expect(store.getState().log.map((e) => e.type)).toEqual(['xstate.init', 'FIELD.CHANGE', 'FIELD.CHANGE']);
    expect(JSON.stringify(store.getState())).not.toContain('Admin@2026');

    actor.send({ type: 'FORM.SUBMIT' });
    await tick();
    const tree = actorTree(store.getState().actors);
    // the invoked call shows as a child of the login machine
    expect(tree.map((n) => [n.actor.name, n.depth])).toEqual([
      ['login', 0],
      ['0.login.submitting', 1],
    ]);
    expect(store.getState().actors[0]).toMatchObject({ value: 'submitting', tags: ['busy'] });
    expect(JSON.stringify(store.getState())).not.toContain('Admin@2026');

    actor.stop();
    store.refresh();
    expect(store.getState().actors[0]!.status).toBe('stopped');
  });

  it('keeps only the newest events', async () => {
    const store = createInspectorStore(3);
    const actor = createActor(loginMachine, { inspect: store.inspect }).start();
    for (const v of ['a', 'b', 'c', 'd']) actor.send({ type: 'FIELD.CHANGE', field: 'userCode', value: v });
    await tick();
    expect(store.getState().log.map((e) => (e.event as { value?: string }).value)).toEqual(['b', 'c', 'd']);
    store.clearLog();
    expect(store.getState().log).toEqual([]);
  });

  it('does not show an actor that was made but never started', async () => {
    const store = createInspectorStore();
    createActor(loginMachine, { inspect: store.inspect });
    const started = createActor(loginMachine, { inspect: store.inspect }).start();
    await tick();
    expect(store.getState().actors.map((a) => a.id)).toEqual([started.sessionId]);
    expect(defaultActor(store.getState().actors)?.id).toBe(started.sessionId);
  });
});

describe('opening the inspector', () => {
  it('opens with ?inspect=1 before or after the hash', () => {
    expect(wantsInspector({ search: '?inspect=1', hash: '#/login' })).toBe(true);
    expect(wantsInspector({ search: '', hash: '#/login?inspect=1' })).toBe(true);
    expect(wantsInspector({ search: '?inspect=0', hash: '#/login' })).toBe(false);
    expect(wantsInspector({ search: '', hash: '' })).toBe(false);
  });

  it('toggles with Alt+Shift+I only', () => {
    const key = { altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, code: 'KeyI' };
    expect(isInspectorShortcut(key)).toBe(true);
    expect(isInspectorShortcut({ ...key, ctrlKey: true })).toBe(false);
    expect(isInspectorShortcut({ ...key, code: 'KeyJ' })).toBe(false);
  });
});

describe('diagram in the page', () => {
  it('drops anything that could run code and highlights the active states', () => {
    const svg = safeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="https://x"><text>x</text></a>' +
        '<g data-state-id="m.a" onclick="alert(3)"><rect/></g><g data-state-id="m.b"><rect fill="url(https://x)"/></g></svg>',
    )!;
    expect(svg.outerHTML).not.toMatch(/alert|script|https:/);
    highlightStates(svg, ['m.b']);
    expect(Array.from(svg.querySelectorAll('.active')).map((g) => g.getAttribute('data-state-id'))).toEqual(['m.b']);
    highlightStates(svg, ['m.a']);
    expect(Array.from(svg.querySelectorAll('.active')).map((g) => g.getAttribute('data-state-id'))).toEqual(['m.a']);
  });

  it("gives the diagram's own style sheet the page's nonce, and drops one that imports or points outside", () => {
    const svg = safeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>g.active rect { fill: #fde68a; }</style>' +
        '<style>@import "https://x/evil.css";</style><style>rect { fill: url(https://x/p.svg); }</style><style>rect { fill: url(#grad); }</style><g/></svg>',
      document,
      'n0nce',
    )!;
    const styles = Array.from(svg.querySelectorAll('style'));
    expect(styles.map((s) => s.textContent)).toEqual(['g.active rect { fill: #fde68a; }', 'rect { fill: url(#grad); }']);
    expect(styles.map((s) => s.getAttribute('nonce'))).toEqual(['n0nce', 'n0nce']);
    expect(safeSvg('<svg xmlns="http://www.w3.org/2000/svg"><style>g{}</style></svg>')!.querySelector('style')!.hasAttribute('nonce')).toBe(false);
  });

  it('refuses what is not an SVG', () => {
    expect(safeSvg('<html><body>no</body></html>')).toBeNull();
    expect(safeSvg('<svg><g></svg>')).toBeNull();
  });
});
