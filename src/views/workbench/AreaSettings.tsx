import { Checkbox, HStack, IconButton, Stack, Tabs } from '@chakra-ui/react';
import type { WorkbenchLayoutApi, WorkbenchLayoutTab } from '../../machines/workbench-layout.connect';
import { useI18n } from '../../services/i18n/react';
import { SettingsHint, SettingsPopover } from '../../widgets/settings-popover/parts';

/**
 * The home page's customise popover (docs/workbench.md, "Areas"): every area the portal offers,
 * each with a tick (shown on the home page) and up/down buttons; System default asks the server
 * for the system's areas, Save keeps the user's. Everything comes from `connectWorkbenchLayout`.
 */
export function AreaSettings({ api }: { api: WorkbenchLayoutApi }) {
  const { t } = useI18n();
  const nameOf = (code: string) => t(`workbench.${code}.title`);
  return (
    <SettingsPopover
      api={api}
      texts={{ open: t('workbench.areas.open'), title: t('workbench.areas.title'), tab: (_: WorkbenchLayoutTab) => t('workbench.areas.tab'), reset: t('workbench.areas.reset'), cancel: t('workbench.areas.cancel'), save: t('workbench.areas.save') }}
      testId="workbench-areas"
      icon="⚙"
      width="sm">
      <Tabs.Content value="areas">
        <SettingsHint text={t('workbench.areas.hint')} />
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {api.listed.map(({ areaCode }) => {
            const name = nameOf(areaCode);
            const shown = api.getShownProps(areaCode);
            const up = api.getMoveProps(areaCode, -1);
            const down = api.getMoveProps(areaCode, 1);
            return (
              <HStack as="li" key={areaCode} gap="2" justify="space-between" borderRadius="sm" _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }} {...api.getItemProps(areaCode)}>
                <Checkbox.Root size="sm" checked={shown.checked} disabled={shown.disabled} onCheckedChange={shown.onCheckedChange} data-part={shown['data-part']} data-area={areaCode}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{name}</Checkbox.Label>
                </Checkbox.Root>
                <HStack gap="1">
                  <IconButton size="2xs" variant="outline" aria-label={t('workbench.areas.moveUp', { area: name })} data-part={up['data-part']} data-direction="up" disabled={up.disabled} onClick={up.onClick}>↑</IconButton>
                  <IconButton size="2xs" variant="outline" aria-label={t('workbench.areas.moveDown', { area: name })} data-part={down['data-part']} data-direction="down" disabled={down.disabled} onClick={down.onClick}>↓</IconButton>
                </HStack>
              </HStack>
            );
          })}
        </Stack>
      </Tabs.Content>
    </SettingsPopover>
  );
}
