import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { BusyButton } from '../../widgets/BusyButton';
import type { ValidateCertInput, ValidFlag } from '../../machines/certificate.machine';
import { connectCertificate } from '../../machines/certificate.connect';
import { loginApi } from '../../services/api/login';
import { browserCertActors, type CertActors } from '../../services/cert/actors';
import { maxLengthOf } from '../../shared/contract/endpoint-read';
import { cert } from '../../shared/contract/cert';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { CertSelect } from '../../widgets/cert/CertSelect';
import { certificateLogic } from '../../widgets/cert/certificate-logic';
import { enterApp, keepGrant, signalled } from './after-login';

/** What the certificate login needs from outside: the agent and server effects, the login call, leaving the page. */
export interface CertLoginDeps {
  actors: () => Pick<CertActors, 'listCertificates' | 'sign'>;
  certLogin: typeof loginApi.certLogin;
  enter: () => void;
}

const browserDeps: CertLoginDeps = { actors: browserCertActors, certLogin: (body) => loginApi.certLogin(body), enter: enterApp };

/**
 * Certificate login (shell §7 "Certificate login"): the user code, the certificate drop-down in
 * page mode (the list is read on opening) and the login button. The certificate machine runs
 * it with `callable`; its validateCert step is the login call itself (authLogin with the signed
 * challenge and the chosen certificate), whose grant is kept exactly as the password login keeps
 * its own (after-login.ts). A failure is the machine's warning (a certificate error with its hex
 * code, or the server's refusal) and the list is read again.
 */
export function CertLogin({ deps = browserDeps }: { deps?: CertLoginDeps }) {
  const { t } = useI18n();
  const [userCode, setUserCode] = useState('');
  const [missing, setMissing] = useState(false);
  // The login step reads the field when it runs: the machine's input is fixed at its start.
  const typed = useRef(userCode);
  typed.current = userCode;
  const logic = useMemo(() => {
    const authLogin = fromPromise<ValidFlag, ValidateCertInput>(async ({ input }) => {
      const grant = await signalled(() => deps.certLogin({ userCode: typed.current.trim(), signedData: input.signedData, serialNumber: input.serialNumber, challenge: input.challenge }));
      await keepGrant(grant);
      return grant.JwtToken;
    });
    return certificateLogic({ ...deps.actors(), validateCert: authLogin });
  }, [deps]);
  const actorRef = useActorRef(logic, { input: { mode: 'page', callable: true }, inspect });
  const snapshot = useSelector(actorRef, (s) => s);
  const api = connectCertificate(snapshot, actorRef.send);

  useEffect(() => {
    const sub = actorRef.on('success', () => deps.enter());
    return () => sub.unsubscribe();
  }, [actorRef, deps]);

  const { onClick: validate, ...validateProps } = api.getValidateProps();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (userCode.trim() === '') return setMissing(true);
    validate();
  };

  return (
    <form onSubmit={submit} aria-label={t('login.cert.title')} data-testid="cert-login" noValidate>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('login.cert.tip')}
        </Text>
        <Field.Root invalid={missing && userCode.trim() === ''}>
          <Field.Label>{t('login.userCode')}</Field.Label>
          <Input
            value={userCode}
            onChange={(e) => {
              setUserCode(e.currentTarget.value);
              setMissing(false);
            }}
            maxLength={maxLengthOf(cert.authLogin, 'userCode')}
            autoComplete="username"
            autoFocus
            placeholder={t('login.userCodePlaceholder')}
            data-testid="cert-login-user"
          />
          {missing && userCode.trim() === '' ? <Field.ErrorText data-testid="cert-login-user-error">{t('login.cert.userCodeRequired')}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('login.cert.certificate')}</Field.Label>
          <CertSelect actorRef={actorRef} testId="cert-login-select" />
        </Field.Root>
        <BusyButton {...validateProps} type="submit" loadingText={t('login.cert.submitting')} data-testid="cert-login-submit">
          {t('login.submit')}
        </BusyButton>
      </Stack>
    </form>
  );
}
