import { Checkbox, HStack, IconButton, Stack, Tabs, Text } from '@chakra-ui/react';
import type { SectionOrderApi, SectionOrderTab } from '../../machines/section-order.connect';
import { useI18n } from '../../services/i18n/react';
import { SettingsHint, SettingsPopover } from '../settings-popover/parts';

/**
 * The edit form's section settings (widgets §2 "Edit form"): a header button opening a popover
 * with an order tab (up/down buttons; Alt+arrows on a focused row) and, for administrators, a
 * hidden-sections tab (ticked: hidden for everyone). Everything comes from
 * `connectSectionOrder`; save keeps the draft, cancel (or a click outside, or Escape) drops it.
 */
export function SectionOrderPopover({ api, titleOf }: { api: SectionOrderApi; titleOf: (name: string) => string }) {
  const { t } = useI18n();
  const hiddenMark = t('section.order.hiddenMark');
  return (
    <SettingsPopover
      api={api}
      texts={{ open: t('section.order.open'), title: t('section.order.title'), tab: (name: SectionOrderTab) => t(`section.order.tabs.${name}`), reset: t('section.order.reset'), cancel: t('section.order.cancel'), save: t('section.order.save') }}
      testId="section-order" icon="⇅" width="xs">
      <Tabs.Content value="order">
        <SettingsHint text={t('section.order.hint.order')} />
        <Stack as="ul" gap="1" maxH="64" overflowY="auto" listStyleType="none" m="0" p="0" aria-label={t('section.order.tabs.order')}>
          {api.listed.map((s, i, all) => {
            const title = titleOf(s.name);
            const item = api.getItemProps(s.name);
            const up = api.getMoveProps(s.name, -1);
            const down = api.getMoveProps(s.name, 1);
            return (
              <HStack as="li" key={s.name} gap="2" justify="space-between" px="1" rounded="sm" _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }} aria-label={t('section.order.item', { section: title, position: i + 1, count: all.length })} {...item}>
                <Text fontSize="sm" truncate color={s.exist ? undefined : 'fg.muted'}>
                  {title}
                  {s.exist ? '' : hiddenMark}
                </Text>
                <HStack gap="1">
                  <IconButton size="2xs" variant="outline" aria-label={t('section.order.moveUp', { section: title })} data-part={up['data-part']} data-direction="up" disabled={up.disabled} onClick={up.onClick}>
                    ↑
                  </IconButton>
                  <IconButton size="2xs" variant="outline" aria-label={t('section.order.moveDown', { section: title })} data-part={down['data-part']} data-direction="down" disabled={down.disabled} onClick={down.onClick}>
                    ↓
                  </IconButton>
                </HStack>
              </HStack>
            );
          })}
        </Stack>
      </Tabs.Content>
      {api.admin && (
        <Tabs.Content value="hidden">
          <SettingsHint text={t('section.order.hint.hidden')} />
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {api.all.map((s) => {
              const hidden = api.getHiddenProps(s.name);
              return (
                <li key={s.name} data-name={s.name}>
                  <Checkbox.Root size="sm" checked={hidden.checked} disabled={hidden.disabled} onCheckedChange={hidden.onCheckedChange} data-part={hidden['data-part']}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{titleOf(s.name)}</Checkbox.Label>
                  </Checkbox.Root>
                </li>
              );
            })}
          </Stack>
        </Tabs.Content>
      )}
    </SettingsPopover>
  );
}
