import { useSelector } from '@xstate/react';
import { Field, NativeSelect, Stack, Switch } from '@chakra-ui/react';
import { THEME_NAMES } from '../../../shared/constants';
import { THEMES } from '../../../services/theme';
import { connectReminderNotice } from '../../../machines/reminder-notice.connect';
import { connectThemeChoice } from '../../../machines/theme-choice.connect';
import { useI18n } from '../../../services/i18n/react';
import { useShell } from '../../shell-context';
import { useMenu } from '../../menu/use-menu';
import { LanguageSwitch } from '../../LanguageSwitch';
import { ErrorAlert } from '../../ErrorAlert';
import { NavColorChoice } from '../../theme/NavColorChoice';

/**
 * The user's preferences: colour theme and navigation colour (saved on the server and
 * locally, applied at once), language, no-notify and the default menu.
 */
export default function SettingsPanel() {
  const { t } = useI18n();
  const { notice, theme, changeLanguage } = useShell();
  const menuApi = useMenu();
  const look = useSelector(theme, (s) => connectThemeChoice(s, theme.send));
  const preference = useSelector(notice, (s) => connectReminderNotice(s, notice.send));
  const { leaves, defaultId, saving, serverMessage: menuMessage } = menuApi;

  return (
    <Stack gap="6" maxW="lg" data-testid="settings">
      <ErrorAlert message={look.serverMessage ?? menuMessage ?? preference.serverMessage} />
      <Field.Root>
        <Field.Label>{t('shell.settings.theme')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field data-testid="theme-select" {...look.getThemeSelectProps()}>
            {THEME_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(`shell.settings.themes.${THEMES[name]}`)} ({name})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <NavColorChoice api={look} />
      <Field.Root>
        <Field.Label>{t('global.language')}</Field.Label>
        <LanguageSwitch onChosen={changeLanguage} />
      </Field.Root>
      <Switch.Root {...preference.getSwitchProps()}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('shell.settings.noNotify')}</Switch.Label>
      </Switch.Root>
      <Field.Root>
        <Field.Label>{t('shell.settings.defaultMenu')}</Field.Label>
        <NativeSelect.Root size="sm" disabled={saving}>
          <NativeSelect.Field
            data-testid="default-menu-select"
            value={defaultId ?? ''}
            onChange={(e) => {
              const id = e.currentTarget.value;
              menuApi.setDefault(id || null);
            }}
          >
            <option value="">{t('shell.settings.noDefaultMenu')}</option>
            {leaves.map((l) => (
              <option key={l.id} value={l.id}>
                {l.firstLevelName} / {l.functionName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{t('shell.settings.defaultMenuHint')}</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}
