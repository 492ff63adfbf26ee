import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Alert, Box, Button, Card, Field, Flex, Heading, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { profileMachine, type Loaded } from '../../machines/profile.machine';
import { connectProfile } from '../../machines/profile.connect';
import { profileApi } from '../../services/api/profile';
import { clearDraft, loadDraft, saveDraft } from '../../services/draft';
import { GENDERS, FORM_LAYOUT } from '../../shared/constants';
import { formatDateTimeFull } from '../../shared/date-format';
import { useI18n } from '../../services/i18n/react';
import type { ProfileValues } from '../../shared/profile-rules';
import { contract, maxLengthOf } from '../../shared/contract';
import { inspect } from '../../services/inspector';
import { sessionActor } from '../../services/session';
import { ErrorAlert } from '../../widgets/ErrorAlert';
import { BusyButton } from '../../widgets/BusyButton';

/** The form's component code: its draft is stored under it (widgets §8). */
export const PROFILE_COMPONENT_CODE = 'fsmc-user-profile';

const logic = profileMachine.provide({
  actors: {
    loadProfile: fromPromise<Loaded>(async () => {
      const profile = await profileApi.read();
      const draft = loadDraft<ProfileValues>(PROFILE_COMPONENT_CODE);
      return draft ? { profile, draft } : { profile };
    }),
    saveProfile: fromPromise(({ input }: { input: ProfileValues }) => profileApi.save(input)),
  },
  actions: {
    storeDraft: (_, { values }) => void saveDraft(PROFILE_COMPONENT_CODE, values),
    dropDraft: () => clearDraft(PROFILE_COMPONENT_CODE),
    // The header's name and the watermark come from the session info: asked for again.
    announceSaved: () => sessionActor().send({ type: 'SESSION.REFRESH' }),
  },
});

/** "My profile": the user's own English name, e-mail and gender. */
export default function ProfileView() {
  const { t, lang } = useI18n();
  const [snapshot, send] = useMachine(logic, { inspect });
  const api = connectProfile(snapshot, send);
  const layout = FORM_LAYOUT[lang];
  const genderOptions = useMemo(() => [...GENDERS, ''] as const, []);

  const autoComplete = { userNameEn: 'off', email: 'email', password: 'current-password' } as const;
  const text = (name: 'userNameEn' | 'email' | 'password', type: string, max: number | undefined) => {
    const f = api.field(name);
    return (
      <Field.Root invalid={f.error !== null}>
        <Field.Label>{t(`request.profile.${name}`)}</Field.Label>
        <Input name={f.name} value={f.value} onChange={f.onChange} readOnly={f.readOnly} type={type} maxLength={max} autoComplete={autoComplete[name]} />
        {f.error && <Field.ErrorText>{t(f.error.key, f.error.params)}</Field.ErrorText>}
      </Field.Root>
    );
  };
  const gender = api.field('gender');

  return (
    <Card.Root maxW="4xl" data-testid="profile">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="4">
          <Heading size="lg">{t('request.profile.heading')}</Heading>
          <Button variant="outline" size="sm" onClick={api.reload} data-testid="profile-reload">
            {t('request.profile.reload')}
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        {api.failed && (
          <Alert.Root status="error" role="alert" mb="4">
            <Alert.Indicator />
            <Alert.Title>{t('request.profile.loadFailed', { message: api.serverMessage ?? '' })}</Alert.Title>
          </Alert.Root>
        )}
        {api.loading ? (
          <Stack gap="3" aria-busy="true">
            <Skeleton h="8" />
            <Skeleton h="8" />
            <Skeleton h="8" />
          </Stack>
        ) : api.profile ? (
          <form {...api.formProps} aria-label={t('request.profile.heading')} data-testid="profile-form">
            <Stack gap="4">
              {api.restoredAt !== null && (
                <Alert.Root status="info" data-testid="draft-restored">
                  <Alert.Indicator />
                  <Alert.Title>{t('request.profile.draftRestored', { time: formatDateTimeFull(api.restoredAt) })}</Alert.Title>
                </Alert.Root>
              )}
              <Box display="grid" gridTemplateColumns={{ base: '1fr', md: `repeat(${layout.columns}, 1fr)` }} gap="4">
                <Field.Root readOnly>
                  <Field.Label>{t('request.profile.userCode')}</Field.Label>
                  <Input value={api.profile.userCode} readOnly />
                </Field.Root>
                <Field.Root readOnly>
                  <Field.Label>{t('request.profile.userName')}</Field.Label>
                  <Input value={api.profile.userName} readOnly />
                </Field.Root>
                {text('userNameEn', 'text', maxLengthOf(contract.profile.save, 'userNameEn'))}
                {text('email', 'email', maxLengthOf(contract.profile.save, 'email'))}
                {api.passwordNeeded && text('password', 'password', maxLengthOf(contract.profile.save, 'password'))}
                <Field.Root>
                  <Field.Label>{t('request.profile.gender')}</Field.Label>
                  <NativeSelect.Root disabled={gender.readOnly}>
                    <NativeSelect.Field name="gender" value={gender.value} onChange={gender.onChange}>
                      {genderOptions.map((g) => (
                        <option key={g || 'other'} value={g}>
                          {t(`request.profile.genderOptions.${g || 'other'}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </Box>
              <ErrorAlert message={api.serverMessage} />
              {api.savedNotice && (
                <Alert.Root status="success" data-testid="profile-saved">
                  <Alert.Indicator />
                  <Alert.Title>{t('request.profile.saved')}</Alert.Title>
                </Alert.Root>
              )}
              <Flex gap="3" align="center">
                <BusyButton {...api.getSaveProps()} loadingText={t('request.profile.saving')}>
                  {t('request.profile.save')}
                </BusyButton>
                {api.autosaved && (
                  <Text color="fg.muted" fontSize="sm" data-testid="autosaved">
                    {t('request.profile.autosaved')}
                  </Text>
                )}
              </Flex>
            </Stack>
          </form>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
