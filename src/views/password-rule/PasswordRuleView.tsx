import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Alert, Box, Button, Card, Checkbox, Field, Flex, Heading, Input, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { passwordRuleMachine, RULE_FLAGS, type LengthField } from '../../machines/password-rule.machine';
import { connectPasswordRule } from '../../machines/password-rule.connect';
import { shellApi, type PasswordRule } from '../../services/api/shell';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';
import { inspect } from '../../services/inspector';
import { PASSWORD_LENGTH_CEILING, PASSWORD_LENGTH_FLOOR } from '../../shared/constants';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { BusyButton } from '../../widgets/BusyButton';
import { useShell } from '../../widgets/shell-context';

const logic = passwordRuleMachine.provide({
  actors: {
    loadRule: fromPromise(() => shellApi.passwordRule()),
    saveRule: fromPromise(({ input }: { input: PasswordRule }) => shellApi.savePasswordRule(input)),
  },
});

/** The password rule (administrators): lengths, character classes, and a password to try it on. */
export default function PasswordRuleView() {
  const { t } = useI18n();
  const ready = useLocaleModule('admin');
  const [snapshot, send] = useMachine(logic, { inspect });
  const { user } = useShell();
  const api = connectPasswordRule(snapshot, send, user?.userCode);

  const length = (field: LengthField) => {
    const { invalid, error, ...input } = api.getLengthProps(field);
    return (
      <Field.Root invalid={invalid}>
        <Field.Label>{t(`admin.passwordRule.${field}`)}</Field.Label>
        <Input {...input} type="text" autoComplete="off" maxLength={4} w="32" />
        {error ? (
          <Field.ErrorText>{t(error.key, error.params)}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('admin.passwordRule.range', { floor: PASSWORD_LENGTH_FLOOR, ceiling: PASSWORD_LENGTH_CEILING })}</Field.HelperText>
        )}
      </Field.Root>
    );
  };

  if (!ready) return <Skeleton h="40" maxW="4xl" />;
  return (
    <Card.Root maxW="4xl" data-testid="password-rule" {...api.getRootProps()}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Heading size="lg">{t('admin.passwordRule.heading')}</Heading>
          <Button variant="outline" size="sm" {...api.getReloadProps()}>
            {t('admin.passwordRule.reload')}
          </Button>
        </Flex>
        <Text color="fg.muted" fontSize="sm">{t('admin.passwordRule.explain')}</Text>
      </Card.Header>
      <Card.Body>
        {api.failed && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('admin.passwordRule.loadFailed', { message: api.serverMessage ?? '' })}</Alert.Title>
          </Alert.Root>
        )}
        {api.loading && (
          <Stack gap="3" aria-busy="true">
            <Skeleton h="8" />
            <Skeleton h="8" />
            <Skeleton h="8" />
          </Stack>
        )}
        {api.loaded && !api.loading && (
          <Stack gap="6">
            <form {...api.getFormProps()} aria-label={t('admin.passwordRule.heading')}>
              <Stack gap="4">
                <Flex gap="6" wrap="wrap">
                  {length('minLength')}
                  {length('maxLength')}
                </Flex>
                <Box as="fieldset" border="none" p="0" m="0">
                  <Text as="legend" fontWeight="medium" mb="2">{t('admin.passwordRule.classes')}</Text>
                  <Stack gap="2">
                    {RULE_FLAGS.map((field) => {
                      const { onCheckedChange, ...flag } = api.getFlagProps(field);
                      return (
                        <Checkbox.Root key={field} {...flag} onCheckedChange={onCheckedChange}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t(`admin.passwordRule.${field}`)}</Checkbox.Label>
                        </Checkbox.Root>
                      );
                    })}
                  </Stack>
                </Box>
                <Text color="fg.muted" fontSize="sm">{t('admin.passwordRule.common')}</Text>
                {!api.failed && <ErrorAlert message={api.serverMessage} />}
                {api.savedNotice && (
                  <Alert.Root status="success" role="status">
                    <Alert.Indicator />
                    <Alert.Title>{t('admin.passwordRule.saved')}</Alert.Title>
                  </Alert.Root>
                )}
                <Flex gap="3" wrap="wrap">
                  <BusyButton colorPalette="blue" {...api.getSaveProps()} loadingText={t('admin.passwordRule.saving')}>
                    {t('admin.passwordRule.save')}
                  </BusyButton>
                  <BusyButton variant="outline" {...api.getResetProps()}>
                    {t('admin.passwordRule.reset')}
                  </BusyButton>
                </Flex>
              </Stack>
            </form>
            <Stack gap="2" borderTopWidth="1px" pt="4">
              <Field.Root>
                <Field.Label>{t('admin.passwordRule.sample')}</Field.Label>
                <Input {...api.getSampleProps()} type="text" autoComplete="off" spellCheck={false} maxW="md" />
                <Field.HelperText>{t('admin.passwordRule.sampleHint')}</Field.HelperText>
              </Field.Root>
              <Box aria-live="polite">
                {api.sampleAccepted && <Text color="fg.success" data-testid="sample-accepted">{t('admin.passwordRule.sampleAccepted')}</Text>}
                {api.sampleProblems.length > 0 && (
                  <List.Root ps="4" color="fg.error" data-testid="sample-problems">
                    {api.sampleProblems.map((p) => (
                      <List.Item key={p.key}>{t(p.key, p.params)}</List.Item>
                    ))}
                  </List.Root>
                )}
              </Box>
            </Stack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
