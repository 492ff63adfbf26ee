import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Accordion, Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useI18n } from '../../../services/i18n/react';

export interface FormSection {
  name: string;
  title: string;
  content: ReactNode;
}

/** Where a section's heading sits in the page, for the anchor list. */
const sectionId = (formId: string, name: string) => `${formId}-section-${name}`;

/**
 * The edit form's collapsible sections with the side anchor list (widgets §2 "Edit form"). The
 * list marks the first section in view as the reader scrolls (aria-current), and a click
 * opens the section if it was collapsed and brings it into view. Below the md breakpoint the
 * list goes: a phone has no room beside the form, and the sections' own headings remain.
 * Which sections are open is view state only: nothing outside the page needs it.
 */
export function FormSections({ formId, sections }: { formId: string; sections: FormSection[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<string[]>(() => sections.map((s) => s.name));
  const [active, setActive] = useState<string | null>(sections[0]?.name ?? null);
  const visible = useRef(new Map<string, boolean>());
  const names = sections.map((s) => s.name).join(',');

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const order = names.split(',');
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) visible.current.set((entry.target as HTMLElement).dataset.section!, entry.isIntersecting);
      const first = order.find((name) => visible.current.get(name));
      if (first) setActive(first);
    });
    for (const name of order) {
      const el = document.getElementById(sectionId(formId, name));
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [formId, names]);

  const jump = (name: string) => {
    setOpen((now) => (now.includes(name) ? now : [...now, name]));
    setActive(name);
    // After the section has opened, so the browser scrolls to where it really is.
    requestAnimationFrame(() => document.getElementById(sectionId(formId, name))?.scrollIntoView({ block: 'start', behavior: 'smooth' }));
  };

  return (
    <HStack align="start" gap="4" data-part="sections">
      <Accordion.Root multiple value={open} onValueChange={(d) => setOpen(d.value)} flex="1" minWidth="0" variant="enclosed" overflow="visible">
        {sections.map((section) => (
          <Accordion.Item key={section.name} value={section.name} id={sectionId(formId, section.name)} data-section={section.name} data-testid={`form-section-${section.name}`} style={{ scrollMarginTop: '8px' }}>
            <Accordion.ItemTrigger>
              <Box flex="1" fontWeight="semibold">{section.title}</Box>
              <Accordion.ItemIndicator />
            </Accordion.ItemTrigger>
            {/* Clipped only while it folds (the animation needs it): an open section lets a
                field's dropdown list reach past its bottom edge (the root, too, below). */}
            <Accordion.ItemContent css={{ '[data-state=open] > &': { overflow: 'visible' } }}>
              <Accordion.ItemBody>{section.content}</Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      {sections.length > 1 && (
        <Box as="nav" aria-label={t('form.anchors')} hideBelow="md" position="sticky" top="0" width="160px" flexShrink={0} data-part="anchors" data-testid="form-anchors">
          <Stack gap="1" borderStartWidth="2px" ps="2">
            {sections.map((section) => (
              <Button
                key={section.name}
                size="xs"
                variant={active === section.name ? 'subtle' : 'ghost'}
                justifyContent="flex-start"
                aria-current={active === section.name ? 'location' : undefined}
                data-part="anchor"
                data-state={active === section.name ? 'active' : 'idle'}
                onClick={() => jump(section.name)}
              >
                {section.title}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </HStack>
  );
}
