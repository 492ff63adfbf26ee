import { useState, type ReactNode } from 'react';
import { Button, HStack, IconButton, Popover, Portal, Stack, Tabs, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../ErrorAlert';

/**
 * The parts the settings popovers share (the table's column settings, the form's section
 * order): a tab's hint, and the footer's reset, cancel and save. Each popover's connect step
 * gives the buttons' props; the labels are the popover's own locale texts.
 */
export function SettingsHint({ text }: { text: string }) {
  return (
    <Text fontSize="xs" color="fg.muted" mb="2">
      {text}
    </Text>
  );
}

type ButtonProps = Record<string, unknown>;

export function SettingsActions({ reset, cancel, save, labels }: { reset: ButtonProps; cancel: ButtonProps; save: ButtonProps; labels: { reset: string; cancel: string; save: string } }) {
  return (
    <HStack justify="flex-end" gap="2">
      <Button size="xs" variant="ghost" {...reset}>{labels.reset}</Button>
      <Button size="xs" variant="outline" {...cancel}>{labels.cancel}</Button>
      <Button size="xs" {...save}>{labels.save}</Button>
    </HStack>
  );
}

interface SettingsPopoverApi<Tab extends string> {
  tabs: readonly Tab[];
  error: string | null;
  getPopoverProps(): { open: boolean; onOpenChange: (details: { open: boolean }) => void };
  getTriggerProps(): { 'data-part': string; 'data-state': string; disabled: boolean };
  getResetProps(): ButtonProps;
  getCancelProps(): ButtonProps;
  getSaveProps(): ButtonProps;
}

/**
 * A settings popover's frame: the icon trigger, the title, the connect step's error, the tab
 * list (the popover's `tabs`; a tab that goes away falls back to the first) and the footer.
 * `texts` are the popover's own locale texts; `children` are its `Tabs.Content`s; `testId`
 * names the popover, its trigger (`-trigger`) and its tabs (`-tab-<tab>`).
 */
export interface SettingsTexts<Tab extends string> {
  open: string;
  title: string;
  tab: (tab: Tab) => string;
  reset: string;
  cancel: string;
  save: string;
}

export function SettingsPopover<Tab extends string>({ api, texts, testId, icon, width, children }: { api: SettingsPopoverApi<Tab>; texts: SettingsTexts<Tab>; testId: string; icon: ReactNode; width: 'xs' | 'sm'; children: ReactNode }) {
  const [tab, setTab] = useState<Tab | null>(null);
  const shownTab = tab !== null && api.tabs.includes(tab) ? tab : api.tabs[0];
  const trigger = api.getTriggerProps();
  return (
    <Popover.Root {...api.getPopoverProps()} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton size="sm" variant="ghost" aria-label={texts.open} title={texts.open} data-part={trigger['data-part']} data-state={trigger['data-state']} disabled={trigger.disabled} data-testid={`${testId}-trigger`}>
          {icon}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={width} maxW="95vw" maxH="var(--available-height, 80vh)" overflowY="auto" data-testid={testId}>
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Popover.Title fontWeight="semibold">{texts.title}</Popover.Title>
                <ErrorAlert message={api.error} />
                <Tabs.Root value={shownTab} onValueChange={(d) => setTab(d.value as Tab)} size="sm" variant="line">
                  <Tabs.List>
                    {api.tabs.map((name) => (
                      <Tabs.Trigger key={name} value={name} data-testid={`${testId}-tab-${name}`}>
                        {texts.tab(name)}
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  {children}
                </Tabs.Root>
                <SettingsActions reset={api.getResetProps()} cancel={api.getCancelProps()} save={api.getSaveProps()} labels={texts} />
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
