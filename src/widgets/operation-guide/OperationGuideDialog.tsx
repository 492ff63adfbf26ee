import { useEffect, useRef } from 'react';
import { Alert, Box, Button, CloseButton, Dialog, HStack, IconButton, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import type { OperationGuideApi } from '../../machines/operation-guide.connect';
import { guideOrderNo, GUIDE_ATTACHMENT_BUSINESS } from '../../shared/operation-guide';
import { useI18n } from '../../services/i18n/react';
import { AttachmentUpload } from '../upload/AttachmentUpload';
import { RichTextEditor } from './RichTextEditor';

/** Ours: the most of the screen's height the footer's attachments take before they scroll. */
const GUIDE_FOOTER_MAX_HEIGHT = '35vh';

/** How the guide's HTML is set out, read-only and in the editor alike. */
const HTML_STYLES = {
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', fontSize: 'lg', marginBlock: '2' },
  '& ul': { paddingInlineStart: '6', listStyle: 'disc' },
  '& ol': { paddingInlineStart: '6', listStyle: 'decimal' },
  '& a': { color: 'blue.600', textDecoration: 'underline' },
  '& p': { marginBottom: '2' },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { borderWidth: '1px', paddingInline: '2' },
} as const;

export interface OperationGuideDialogProps {
  api: OperationGuideApi;
  funcId: number;
  /** The function's name, for the title. */
  name: string;
}

/**
 * The operation-guide dialog (widgets §2): a title and a full-screen toggle; the guide's HTML
 * read-only, or the editor; the attachments in the footer (uploads and deletes for help editors
 * while editing, a list for everyone); cancel and save in edit mode only; the edit button for
 * staff type 1. operation-guide.machine decides; this only draws it.
 */
export default function OperationGuideDialog({ api, funcId, name }: OperationGuideDialogProps) {
  const { t } = useI18n();
  // Save and cancel go away with the editor, under the keyboard's focus: it goes back to Edit,
  // where the edit began, not to the page behind the dialog.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !api.editing && api.state === 'readOnly') editButton.current?.focus();
    wasEditing.current = api.editing;
  }, [api.editing, api.state]);
  return (
    <Dialog.Root {...api.getDialogProps()} placement="center" scrollBehavior="inside" size={api.fullScreen ? 'full' : 'xl'} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="guide-dialog" data-state={api.state} data-full-screen={api.fullScreen ? 'on' : 'off'}>
            <Dialog.Header>
              <Dialog.Title flex="1">{t('guide.title', { name })}</Dialog.Title>
              <HStack gap="1">
                <Button ref={editButton} size="sm" variant="outline" {...api.getEditProps()} data-testid="guide-edit">
                  {t('guide.edit')}
                </Button>
                <IconButton size="sm" variant="ghost" {...api.getFullScreenProps()} aria-label={t(api.fullScreen ? 'guide.exitFullScreen' : 'guide.fullScreen')} title={t(api.fullScreen ? 'guide.exitFullScreen' : 'guide.fullScreen')} data-testid="guide-full-screen">
                  {api.fullScreen ? '⤡' : '⤢'}
                </IconButton>
                <CloseButton size="sm" {...api.getCloseProps()} aria-label={t('guide.close')} data-testid="guide-close" />
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              {api.state === 'loading' && (
                <HStack>
                  <Spinner size="sm" />
                  <Text>{t('guide.loading')}</Text>
                </HStack>
              )}
              {api.error && (
                <Alert.Root status="error" mb="3" data-testid="guide-error">
                  <Alert.Indicator />
                  <Alert.Title>{api.state === 'loadFailed' ? t('guide.loadFailed', { message: api.error }) : api.error}</Alert.Title>
                </Alert.Root>
              )}
              {api.state === 'loadFailed' && (
                <Button size="sm" {...api.getRetryProps()}>
                  {t('guide.retry')}
                </Button>
              )}
              {api.state === 'readOnly' &&
                (api.empty ? (
                  <Text color="fg.muted" data-testid="guide-empty">{t('guide.empty')}</Text>
                ) : (
                  // The server's sanitised HTML (an allow-list: no script, style, handler or frame).
                  <Box data-part="content" data-testid="guide-content" css={HTML_STYLES} dangerouslySetInnerHTML={{ __html: api.html }} />
                ))}
              {api.editing && <RichTextEditor {...api.getEditorProps()} />}
            </Dialog.Body>
            <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
              {(api.state === 'readOnly' || api.editing) && (
                // The uploader names itself ("附件" / "Attachments"): no second heading above it. In
                // the footer (widgets §2) yet scrolling on its own past a third of the screen: on a
                // phone it took the whole dialog and left the editor a line of text.
                <Stack gap="1" maxH={GUIDE_FOOTER_MAX_HEIGHT} overflowY="auto" data-testid="guide-attachments">
                  {/* The uploader reads its mode once: a new one for each mode. */}
                  <AttachmentUpload key={api.editing ? 'editing' : 'reading'} orderNo={guideOrderNo(funcId)} businessCode={GUIDE_ATTACHMENT_BUSINESS} readOnly={!api.editing} />
                </Stack>
              )}
              {api.editing && (
                <HStack justify="flex-end">
                  <Button variant="outline" {...api.getCancelProps()} data-testid="guide-cancel">
                    {t('guide.cancel')}
                  </Button>
                  <Button colorPalette="blue" {...api.getSaveProps()} data-testid="guide-save">
                    {t('guide.save')}
                  </Button>
                </HStack>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
