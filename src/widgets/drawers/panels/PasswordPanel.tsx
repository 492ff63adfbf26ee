import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Alert, Field, Input, Stack } from '@chakra-ui/react';
import { passwordChangeMachine, type PasswordChangeValues } from '../../../machines/password-change.machine';
import { connectPasswordChange } from '../../../machines/password-change.connect';
import type { Problem } from '../../../machines/forgot-password.machine';
import { shellApi } from '../../../services/api/shell';
import { contract, maxLengthOf } from '../../../shared/contract';
import { session } from '../../../services/storage';
import { useI18n } from '../../../services/i18n/react';
import { ruleProblems } from '../../../services/password-check';
import { inspect } from '../../../services/inspector';
import { PasswordProblems } from '../../PasswordProblems';
import { BusyButton } from '../../BusyButton';

const actors = {
  checkRule: fromPromise<Problem[], { password: string }>(async ({ input }) => ruleProblems(input.password, await shellApi.passwordRule(), session.get('loginUserInfo')?.userCode)),
  changePassword: fromPromise<void, { oldPassword: string; newPassword: string }>(async ({ input }) => void (await shellApi.editPassword(input))),
};

const FIELDS: Array<[keyof PasswordChangeValues, string]> = [
  ['oldPassword', 'current-password'],
  ['newPassword', 'new-password'],
  ['confirmPassword', 'new-password'],
];

/** Change one's own password; the rule's reasons show before anything is sent. */
export default function PasswordPanel() {
  const { t } = useI18n();
  const [snapshot, send] = useMachine(passwordChangeMachine.provide({ actors }), { inspect });
  const api = connectPasswordChange(snapshot, send);
  return (
    <form {...api.formProps} noValidate data-testid="password-form">
      <Stack gap="4" maxW="md">
        {api.changed && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('shell.password.changed')}</Alert.Title>
          </Alert.Root>
        )}
        {FIELDS.map(([name, autoComplete]) => (
          <Field.Root key={name} invalid={api.invalid(name)}>
            <Field.Label>{t(`shell.password.${name}`)}</Field.Label>
            <Input type="password" autoComplete={autoComplete} maxLength={maxLengthOf(contract.profile.editPassword, name === 'oldPassword' ? 'oldPassword' : 'newPassword')} {...api.field(name)} />
          </Field.Root>
        ))}
        <PasswordProblems problems={api.problems} serverMessage={api.serverMessage} />
        <BusyButton {...api.getSubmitProps()} alignSelf="flex-start">
          {t('shell.password.submit')}
        </BusyButton>
      </Stack>
    </form>
  );
}
