import { Suspense, use, useMemo, useRef } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import { EmbeddedPageFrame, loadEmbeddedPages, type EmbeddedPageInfo } from '../../../widgets/embedded-page';
import { CloseButton, Dialog, Drawer, Portal } from '@chakra-ui/react';
import { useI18n } from '../../../services/i18n/react';
import { DRAWER_DEFAULT_WIDTH, FORM_DIALOG_WIDTH } from '../../../shared/constants';
import { EditFormView, type EditFormProps } from './EditFormView';

/**
 * Where a resource's form opens: the side drawer (86.1 %, full height, the whole width on a
 * phone), or for small records the generic edit dialog of widgets §2 (800 px, portal-shell §9).
 * The title is the form's header title: the mode and the resource's name.
 */
export function EditFormContainer({
  open,
  finalFocusEl,
  ...props
}: Omit<EditFormProps, 'mode' | 'id'> & {
  open: { mode: EditFormProps['mode']; id?: number } | null;
  /** Where the keyboard goes on close when no button of the page opened the form (an address did). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const { t, lang } = useI18n();
  const label = (props.view?.label ?? props.def.label)[lang];
  const title = open ? t(`form.mode.${open.mode}`, { name: label }) : label;
  // The form's embedded pages are read afresh each time it opens; a list that cannot be read
  // leaves the form without them rather than without the form.
  const pages = useMemo(() => (open ? loadEmbeddedPages(props.def.code).catch((): EmbeddedPageInfo[] => []) : null), [open, props.def.code]);
  const body = open && pages && (
    <Suspense fallback={<Center p="8"><Spinner aria-label={t('global.loading')} /></Center>}>
      <WithEmbeddedPages key={open.mode === 'add' ? 'add' : `${open.mode}-${open.id}`} pages={pages} {...props} mode={open.mode} id={open.id} />
    </Suspense>
  );
  const close = <CloseButton size="sm" aria-label={t('resource.action.close')} />;
  // Until the form is drawn (it focuses its first field itself) the keyboard waits on the content.
  const content = useRef<HTMLDivElement>(null);
  const initialFocusEl = () => content.current;
  if (props.def.form?.container === 'dialog')
    return (
      <Dialog.Root open={open !== null} onOpenChange={(d) => !d.open && props.onClose()} initialFocusEl={initialFocusEl} finalFocusEl={finalFocusEl} size="lg" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content ref={content} width={{ base: '100%', md: `min(${FORM_DIALOG_WIDTH}px, 95vw)` }} maxWidth="none" data-testid="edit-dialog">
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{body}</Dialog.Body>
              <Dialog.CloseTrigger asChild>{close}</Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    );
  return (
    <Drawer.Root open={open !== null} onOpenChange={(d) => !d.open && props.onClose()} size="full" initialFocusEl={initialFocusEl} finalFocusEl={finalFocusEl}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner justifyContent="flex-end">
          <Drawer.Content ref={content} width={{ base: '100%', md: DRAWER_DEFAULT_WIDTH }} maxWidth="100%" data-testid="edit-drawer">
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{body}</Drawer.Body>
            <Drawer.CloseTrigger asChild>{close}</Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** The form with a section per embedded page after its own (issue 11 point 2). */
function WithEmbeddedPages({ pages, ...props }: EditFormProps & { pages: Promise<EmbeddedPageInfo[]> }) {
  const list = use(pages);
  return (
    <EditFormView
      {...props}
      moreSections={(edit) =>
        list.map((info) => ({
          name: `embedded-${info.id}`,
          title: info.iframeTitle,
          content: <EmbeddedPageFrame info={info} formCode={props.def.code} mode={edit.form.mode} recordId={edit.form.record?.id} register={edit.register} />,
        }))
      }
    />
  );
}
