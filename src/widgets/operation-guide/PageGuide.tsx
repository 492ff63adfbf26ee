import { lazy, Suspense, useMemo } from 'react';
import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { operationGuideMachine, type Guide, type SaveGuide } from '../../machines/operation-guide.machine';
import { connectOperationGuide } from '../../machines/operation-guide.connect';
import { mayEditGuide } from '../../shared/operation-guide';
import { guideApi } from '../../services/api/guide';
import { widgetState } from '../../services/storage';
import { useI18n } from '../../services/i18n/react';
import { inspect } from '../../services/inspector';
import { toaster } from '../request-layer/toaster';
import { useShell } from '../shell-context';
import { useLocaleModule } from '../../services/i18n/use-locale-module';

const OperationGuideDialog = lazy(() => import(/* webpackChunkName: "operation-guide" */ './OperationGuideDialog'));

/** The dialog's texts and those of the uploader and previewer it holds. */
const MODULES = ['guide', 'upload', 'preview'];


/**
 * The page's operation guide, in the page header (widgets §2 "Page host"): the help icon, the
 * hint beside it until the user says never again (widget state `guideHint:<funcId>`), and the
 * dialog, loaded as its own chunk when first opened. Made anew per function (keyed by the
 * caller), so each page has its own guide and hint.
 */
export function PageGuide({ funcId, name }: { funcId: number; name: string }) {
  const { t } = useI18n();
  const { user } = useShell();
  const ready = useLocaleModule(MODULES);
  const logic = useMemo(
    () =>
      operationGuideMachine.provide({
        actors: {
          loadGuide: fromPromise<Guide, { funcId: number }>(({ input }) => guideApi.load(input.funcId)),
          saveGuide: fromPromise<Guide, SaveGuide>(({ input }) => guideApi.save(input)),
        },
        actions: {
          rememberHintDismissed: (_, id: number) => void widgetState.set('guideHint', String(id), true),
          notifySaved: () => void toaster.create({ type: 'success', title: t('guide.saved'), closable: true }),
          notifySaveFailed: () => void toaster.create({ type: 'error', title: t('guide.saveFailed'), closable: true }),
        },
      }),
    [t],
  );
  const actor = useActorRef(logic, { input: { funcId, canEdit: mayEditGuide(user), hintDismissed: widgetState.get<boolean>('guideHint', String(funcId)) === true }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  const api = connectOperationGuide(snapshot, actor.send);
  if (!ready) return null;
  return (
    <HStack gap="2" align="center" data-testid="page-guide">
      {api.hintShown && (
        <Box {...api.getHintProps()} role="note" data-testid="guide-hint" fontSize="xs" borderWidth="1px" borderRadius="md" px="2" py="1" bg="bg.subtle">
          <HStack gap="2" wrap="wrap">
            <Text>{t('guide.hint')}</Text>
            <Button size="2xs" variant="ghost" {...api.getHintCloseProps()}>
              {t('guide.hintClose')}
            </Button>
            <Button size="2xs" variant="ghost" {...api.getHintNeverProps()} data-testid="guide-hint-never">
              {t('guide.hintNever')}
            </Button>
          </HStack>
        </Box>
      )}
      <IconButton size="xs" variant="outline" borderRadius="full" {...api.getTriggerProps()} aria-label={t('guide.open')} title={t('guide.open')} data-testid="guide-open">
        ?
      </IconButton>
      {api.open && (
        <Suspense fallback={null}>
          <OperationGuideDialog api={api} funcId={funcId} name={name} />
        </Suspense>
      )}
    </HStack>
  );
}
