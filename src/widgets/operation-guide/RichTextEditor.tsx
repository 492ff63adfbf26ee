import { useEffect, useRef } from 'react';
import { Box, Button, HStack } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';

export interface RichTextEditorProps {
  /** The HTML the editor starts from (read once, when it is made). */
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  'data-part'?: string;
  'data-state'?: string;
}

type Command = { key: string; label: string; run: () => void };

/**
 * A modest rich-text editor (docs/operation-guide.md): a contentEditable area and the browser's
 * own editing commands for what a guide needs (emphasis, a heading, lists, links). Whatever it
 * produces is only a proposal: the server keeps what its allow-list lets through. Uncontrolled
 * after it is made, so typing never moves the caret.
 */
export function RichTextEditor({ value, onChange, disabled = false, ...parts }: RichTextEditorProps) {
  const { t } = useI18n();
  const area = useRef<HTMLDivElement>(null);
  const initial = useRef(value);

  useEffect(() => {
    if (!area.current) return;
    // The server's sanitised HTML: safe to set as markup.
    area.current.innerHTML = initial.current;
    // Tags, not inline styles: the server keeps no style attribute.
    document.execCommand('styleWithCSS', false, 'false');
    // The editor appears because the user pressed Edit, whose button goes away with it: the
    // keyboard lands in the text, not on the page behind the dialog.
    area.current.focus();
  }, []);

  const emit = () => onChange(area.current?.innerHTML ?? '');
  const exec = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const commands: Command[] = [
    { key: 'bold', label: t('guide.editor.bold'), run: () => exec('bold') },
    { key: 'italic', label: t('guide.editor.italic'), run: () => exec('italic') },
    { key: 'underline', label: t('guide.editor.underline'), run: () => exec('underline') },
    { key: 'heading', label: t('guide.editor.heading'), run: () => exec('formatBlock', '<h3>') },
    { key: 'paragraph', label: t('guide.editor.paragraph'), run: () => exec('formatBlock', '<p>') },
    { key: 'bulleted', label: t('guide.editor.bulleted'), run: () => exec('insertUnorderedList') },
    { key: 'numbered', label: t('guide.editor.numbered'), run: () => exec('insertOrderedList') },
    {
      key: 'link',
      label: t('guide.editor.link'),
      run: () => {
        const address = window.prompt(t('guide.editor.linkPrompt'), 'https://');
        if (address && /^(https?:|mailto:)/i.test(address.trim())) exec('createLink', address.trim());
      },
    },
    { key: 'clear', label: t('guide.editor.clear'), run: () => exec('removeFormat') },
  ];

  return (
    <Box borderWidth="1px" borderRadius="md" {...parts}>
      <HStack role="toolbar" aria-label={t('guide.editor.toolbar')} gap="1" p="1" borderBottomWidth="1px" wrap="wrap">
        {commands.map((c) => (
          // mousedown would take the selection out of the text: keep it where the user left it.
          <Button key={c.key} size="xs" variant="ghost" disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={c.run} data-command={c.key}>
            {c.label}
          </Button>
        ))}
      </HStack>
      <Box
        ref={area}
        contentEditable={!disabled}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={t('guide.editor.label')}
        data-testid="guide-editor"
        onInput={emit}
        onBlur={emit}
        minH="240px"
        p="3"
        overflowY="auto"
        outline="none"
        className="guide-html"
        css={{ '& h3': { fontWeight: 'semibold', fontSize: 'lg' }, '& ul': { paddingInlineStart: '6', listStyle: 'disc' }, '& ol': { paddingInlineStart: '6', listStyle: 'decimal' }, '& a': { color: 'blue.600', textDecoration: 'underline' }, '& p': { marginBottom: '2' } }}
      />
    </Box>
  );
}
