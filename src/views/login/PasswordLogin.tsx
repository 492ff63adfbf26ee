import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Field, Input, Stack } from '@chakra-ui/react';
import { loginMachine, type LoginResult, type LoginValues } from '../../machines/login.machine';
import { connectLogin } from '../../machines/login.connect';
import { loginApi } from '../../services/api/login';
// The area's own file; in the browser build, plain data without TypeBox (rspack.config.ts, issue 16).
import { maxLengthOf } from '../../shared/contract/endpoint-read';
import { login } from '../../shared/contract/login';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { enterApp, keepGrant, signalled } from './after-login';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { BusyButton } from '../../widgets/BusyButton';
import { useFocusAfterPaint } from '../../widgets/useFocusAfterPaint';

const submitLogin = fromPromise<LoginResult, LoginValues>(async ({ input }) => {
  const grant = await signalled(() => loginApi.login(input));
  await keepGrant(grant);
  return { token: grant.JwtToken };
});

/** User name and password, bound to the login machine. */
export function PasswordLogin() {
  const { t } = useI18n();
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusPassword = () => {
    passwordRef.current?.focus();
    passwordRef.current?.select();
  };
  const [snapshot, send] = useMachine(loginMachine.provide({ actors: { submitLogin }, actions: { focusPassword } }), { inspect });
  const api = connectLogin(snapshot, send);
  const focusFirst = useFocusAfterPaint<HTMLInputElement>();

  useEffect(() => {
    if (snapshot.status === 'done') enterApp();
  }, [snapshot.status]);

  const userCode = api.field('userCode');
  const password = api.field('password');
  return (
    <form {...api.formProps} aria-label={t('login.heading')} data-testid="login-form">
      <Stack gap="4">
        <Field.Root invalid={api.errorKey !== null && userCode.value.trim() === ''}>
          <Field.Label>{t('login.userCode')}</Field.Label>
          <Input {...userCode} maxLength={maxLengthOf(login.login, 'userCode')} autoComplete="username" ref={focusFirst} placeholder={t('login.userCodePlaceholder')} />
        </Field.Root>
        <Field.Root invalid={api.errorKey !== null && password.value === ''}>
          <Field.Label>{t('login.password')}</Field.Label>
          <Input {...password} maxLength={maxLengthOf(login.login, 'password')} type="password" autoComplete="current-password" ref={passwordRef} placeholder={t('login.passwordPlaceholder')} />
        </Field.Root>
        <ErrorAlert message={api.serverMessage ?? (api.errorKey && t(api.errorKey))} />
        <BusyButton {...api.getSubmitProps()} loadingText={t('login.submitting')}>
          {t('login.submit')}
        </BusyButton>
      </Stack>
    </form>
  );
}
