import { afterEach, describe, expect, it } from '@jest/globals';
import { focusLoginForm } from '../../src/views/login/login-page';

/**
 * Where the keyboard's focus goes when a retry of the login page's parameters succeeds and the
 * warning with its retry button is about to go (login-page.machine.ts, `restoreFocus`).
 */
const page = (withForm: boolean) => {
  document.body.innerHTML = `
    <div role="alert" data-part="params-warning"><button data-part="params-retry">重试</button></div>
    <div role="tablist"><button role="tab" aria-selected="${withForm}">密码登录</button><button role="tab" aria-selected="${!withForm}">扫码登录</button></div>
    ${withForm ? '<form data-testid="login-form"><input type="hidden" name="x"><input id="user"><input id="password" type="password"></form>' : '<div>QR</div>'}`;
  return (selector: string) => document.querySelector<HTMLElement>(selector)!;
};

describe('the focus after a successful retry of the login parameters', () => {
  afterEach(() => void (document.body.innerHTML = ''));

  it('leaves the retry button for the form\'s first field', () => {
    const $ = page(true);
    $('[data-part="params-retry"]').focus();
    focusLoginForm();
    expect(document.activeElement).toBe($('#user'));
  });

  it('reaches the form when the focus had already fallen to the page', () => {
    const $ = page(true);
    focusLoginForm();
    expect(document.activeElement).toBe($('#user'));
  });

  it('goes to the open tab when it has no fields (the QR code)', () => {
    const $ = page(false);
    $('[data-part="params-retry"]').focus();
    focusLoginForm();
    expect(document.activeElement).toBe($('[role="tab"][aria-selected="true"]'));
  });

  it('stays where the user put it meanwhile', () => {
    const $ = page(true);
    $('#password').focus();
    focusLoginForm();
    expect(document.activeElement).toBe($('#password'));
  });
});
