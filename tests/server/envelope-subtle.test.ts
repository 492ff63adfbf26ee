import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HEADERS } from '../../src/shared/constants';
import { CODE } from '../../src/shared/codes';
import { openEnvelope, verifyEnvelope } from '../../src/shared/envelope';
import { subtleEnvelope } from '../../src/services/http/envelope-subtle';
import { availableBackends } from './support/backends';
import { DEMO, startTestApp, type TestApp } from './support/test-server';

/**
 * The browser's WebCrypto envelope (src/services/http/envelope-subtle.ts, issue 16) against the
 * real server: a key agreed and a body sealed by it are accepted exactly as the noble
 * implementation's are (Node's WebCrypto stands in for the browser's: the same standard API).
 */
describe.each(availableBackends())('WebCrypto envelope on %s', (backend) => {
  let t: TestApp;
  const LOGIN = '/api/fsmc/login/login';

  // Node has WebCrypto but no notion of a secure context; a page over https or on localhost is one.
  const secureContext = (value: boolean) => Object.defineProperty(globalThis, 'isSecureContext', { value, configurable: true });

  beforeAll(async () => {
    t = await startTestApp(backend);
    secureContext(true);
  });
  afterAll(async () => {
    delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
    await t.dispose();
  });

  const agreed = async () => {
    const subtle = subtleEnvelope()!;
    const pair = await subtle.keyPair();
    const offer = await t.get('/api/fsmc/login/encrypt-key', undefined, { headers: { [HEADERS.envelopeClientKey]: pair.publicKey } });
    expect(offer.body.code).toBe(0);
    return { subtle, key: await subtle.agree(offer.body.data, pair) };
  };

  it('is offered in a secure context with WebCrypto, and not elsewhere (the page keeps noble)', () => {
    expect(subtleEnvelope()).not.toBeNull();
    secureContext(false);
    expect(subtleEnvelope()).toBeNull();
    secureContext(true);
  });

  it('agrees a key the server accepts: a login sealed by WebCrypto logs in', async () => {
    const { subtle, key } = await agreed();
    const sealed = await subtle.seal(DEMO.admin, key, { method: 'POST', path: LOGIN });
    const res = await t.post(LOGIN, sealed, { raw: true });
    expect(res.body).toMatchObject({ code: 0, msg: 'success' });
  });

  it('seals what the shared implementation verifies and opens, and a replay of it is refused', async () => {
    const { subtle, key } = await agreed();
    const target = { method: 'POST', path: LOGIN };
    const text = await subtle.seal({ remark: '资金 ✓ funds' }, key, target);
    expect(verifyEnvelope(text, target, key)).toBe(true);
    expect(verifyEnvelope(text, { method: 'POST', path: '/api/fsmc/login/other' }, key)).toBe(false);
    expect(openEnvelope(text, target, key)).toEqual({ remark: '资金 ✓ funds' });
    const sealed = await subtle.seal(DEMO.staff, key, target);
    expect((await t.post(LOGIN, sealed, { raw: true })).body.code).toBe(0);
    expect((await t.post(LOGIN, sealed, { raw: true })).body.code).toBe(CODE.envelopeReplay);
  });

  it('refuses a body sealed under a WebCrypto key with a wrong signature', async () => {
    const { subtle, key } = await agreed();
    const sealed = await subtle.seal(DEMO.admin, key, { method: 'POST', path: LOGIN });
    const res = await t.post(LOGIN, { ...sealed, signature: sealed.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, { raw: true });
    expect(res.body.code).toBe(CODE.envelopeBadSignature);
  });
});
