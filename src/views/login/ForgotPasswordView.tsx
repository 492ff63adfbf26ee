import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Link } from 'wouter';
import { Alert, Button, Card, Center, Field, Heading, HStack, Input, Link as ChakraLink, Stack, Steps, Text } from '@chakra-ui/react';
import { forgotPasswordMachine, type ForgotValues, type Problem } from '../../machines/forgot-password.machine';
import { connectForgotPassword } from '../../machines/forgot-password.connect';
import { loginApi } from '../../services/api/login';
import { shellApi } from '../../services/api/shell';
import { maxLengthOf } from '../../shared/contract/endpoint-read';
import { forgotPassword } from '../../shared/contract/forgot-password';
import { useI18n } from '../../services/i18n/react';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { ruleProblems } from '../../services/password-check';
import { inspect } from '../../services/inspector';
import { PasswordProblems } from '../../widgets/PasswordProblems';
import { BusyButton } from '../../widgets/BusyButton';
import { useFirstPaintDone } from '../../widgets/useFirstPaintDone';
import { useFocusWhenLost } from '../../widgets/useFocusWhenLost';

const actors = {
  sendCode: fromPromise<void, { userCode: string }>(async ({ input }) => void (await loginApi.sendIdentifyCode(input.userCode))),
  validateCode: fromPromise<{ resetTicket: string }, { userCode: string; code: string }>(({ input }) => loginApi.validateCode(input)),
  checkRule: fromPromise<Problem[], { userCode: string; password: string }>(async ({ input }) => {
    const rule = await shellApi.forgotPasswordRule().catch(() => null);
    return ruleProblems(input.password, rule, input.userCode);
  }),
  modifyPassword: fromPromise<void, { userCode: string; resetTicket: string; newPassword: string }>(async ({ input }) => void (await loginApi.modifyPassword(input))),
};

const STEPS = ['identify', 'verify', 'choose'] as const;
/** Where the keyboard goes on at each step. */
const FIRST_FIELD = { identify: 'userCode', verify: 'code', choose: 'newPassword' } as const;
/** Each field's bound, from the call that sends it. */
const MAX_LENGTH: Record<keyof ForgotValues, number | undefined> = {
  userCode: maxLengthOf(forgotPassword.sendIdentifyCode, 'userCode'),
  code: maxLengthOf(forgotPassword.validateCode, 'code'),
  newPassword: maxLengthOf(forgotPassword.modifyPassword, 'newPassword'),
  confirmPassword: maxLengthOf(forgotPassword.modifyPassword, 'newPassword'),
};

/** Forgot password at login.html#/forgot-password: code, validation, new password, back to login. */
export default function ForgotPasswordView() {
  const { t } = useI18n();
  // login.html's first card is the login form's; this page has nothing to wait for.
  useFirstPaintDone(true);
  const [snapshot, send] = useMachine(forgotPasswordMachine.provide({ actors }), { inspect });
  const api = connectForgotPassword(snapshot, send);

  useEffect(() => {
    document.title = t('login.forgot.title');
  }, [t]);

  // A step's outcome takes the keyboard's control away (the user code, fixed once a code is
  // sent; "change user" and the form, gone): it goes on in the step's first field, or to the
  // way back to login once the password is saved.
  const body = useRef<HTMLDivElement>(null);
  useFocusWhenLost(body, api.done ? ('done' as const) : api.stage, (step) =>
    body.current?.querySelector<HTMLElement>(step === 'done' ? '[data-part=back-to-login]' : `input[name=${FIRST_FIELD[step]}]`),
  );

  const field = (name: keyof ForgotValues, type = 'text', autoComplete?: string) => {
    const f = api.field(name);
    return (
      <Field.Root invalid={f.invalid}>
        <Field.Label>{t(`login.forgot.${name}`)}</Field.Label>
        <Input {...f.input} type={type} maxLength={MAX_LENGTH[name]} autoComplete={autoComplete} />
      </Field.Root>
    );
  };

  return (
    <Center minH="100%" bg="colorPalette.50" p="4">
      <Card.Root w="full" maxW="lg" data-testid="forgot-card">
        <Card.Header>
          <Heading size="lg">{t('login.forgot.title')}</Heading>
        </Card.Header>
        <Card.Body ref={body}>
          <Steps.Root step={api.step} count={STEPS.length} size="sm" mb="6">
            <Steps.List>
              {STEPS.map((s, i) => (
                <Steps.Item key={s} index={i}>
                  <Steps.Indicator />
                  <Steps.Title>{t(`login.forgot.steps.${s}`)}</Steps.Title>
                  <Steps.Separator />
                </Steps.Item>
              ))}
            </Steps.List>
          </Steps.Root>
          {api.done ? (
            <Stack gap="4">
              <Alert.Root status="success" role="status">
                <Alert.Indicator />
                <Alert.Title>{t('login.forgot.done')}</Alert.Title>
              </Alert.Root>
              <Button asChild>
                <Link href="/login" data-part="back-to-login">{t('login.forgot.backToLogin')}</Link>
              </Button>
            </Stack>
          ) : (
            <form {...api.formProps} noValidate data-testid="forgot-form">
              <Stack gap="4">
                {field('userCode', 'text', 'username')}
                {api.stage === 'identify' && <Text fontSize="sm" color="fg.muted">{t('login.forgot.identifyHint')}</Text>}
                {api.stage === 'verify' && (
                  <>
                    <Text fontSize="sm" color="fg.muted" role="status">{t('login.forgot.codeSent')}</Text>
                    {field('code', 'text', 'one-time-code')}
                  </>
                )}
                {api.stage === 'choose' && (
                  <>
                    {field('newPassword', 'password', 'new-password')}
                    {field('confirmPassword', 'password', 'new-password')}
                  </>
                )}
                <PasswordProblems problems={api.problems} serverMessage={api.serverMessage} />
                <HStack justify="space-between">
                  <HStack>
                    {api.stage === 'verify' && (
                      <>
                        <Button variant="ghost" {...api.getBackProps()}>
                          {t('login.forgot.changeUser')}
                        </Button>
                        <Button variant="ghost" {...api.getResendProps()}>
                          {t('login.forgot.resend')}
                        </Button>
                      </>
                    )}
                  </HStack>
                  <BusyButton {...api.getSubmitProps()}>
                    {t(`login.forgot.submit.${api.stage}`)}
                  </BusyButton>
                </HStack>
              </Stack>
            </form>
          )}
        </Card.Body>
        <Card.Footer justifyContent="space-between">
          <ChakraLink asChild fontSize="sm">
            <Link href="/login">{t('login.forgot.backToLogin')}</Link>
          </ChakraLink>
          <LanguageSwitch />
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
