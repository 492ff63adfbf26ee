import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, HStack, Text } from '@chakra-ui/react';
import { EMBEDDED_FRAME_HEIGHT_DEFAULT, EMBEDDED_FRAME_HEIGHT_MAX, EMBEDDED_FRAME_HEIGHT_MIN } from '../../shared/constants';
import { frameAddress, originOf, type EmbeddedFlow, type EmbeddedFormMode } from '../../shared/embedded-protocol';
import { createHostChannel, type HostChannel, type HostChannelOptions } from '../../services/embedded-page/host-channel';
import { useI18n } from '../../services/i18n/react';
import { useLocaleModule } from '../../services/i18n/use-locale-module';

/** Widgets §3 "Embedded page (iframe) info", as the form receives it. */
export interface EmbeddedPageInfo {
  id: number;
  iframeTitle: string;
  iframeName: string;
  iframeUrl: string;
  iframeHeight: number;
  iframeOrder: number;
  iframeActive: boolean;
}

/**
 * What the save-or-submit flow asks of each embedded page (src/machines/save-submit.machine.ts):
 * validate in step 1, save or submit in step 4. null = fine; a string = the localised failure.
 */
export interface EmbeddedParticipant {
  name: string;
  validate(mode: EmbeddedFlow): Promise<string | null>;
  save(mode: EmbeddedFlow): Promise<string | null>;
}

export interface EmbeddedPageFrameProps {
  info: EmbeddedPageInfo;
  formCode: string;
  mode: EmbeddedFormMode;
  recordId?: number;
  /** Called once the frame exists; the function it returns takes the participant back. */
  register: (participant: EmbeddedParticipant) => () => void;
  /** Tests: a fake clock for the answer timeout. */
  channelOptions?: Pick<HostChannelOptions, 'timers' | 'timeoutMs' | 'newId'>;
}

/** A form instance's key in add mode: random, and fine outside a secure context (no randomUUID there). */
function newInstanceKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `new-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const clampHeight = (h: number) => (Number.isFinite(h) && h >= EMBEDDED_FRAME_HEIGHT_MIN ? Math.min(h, EMBEDDED_FRAME_HEIGHT_MAX) : EMBEDDED_FRAME_HEIGHT_DEFAULT);

/** An address the browser may frame: http(s) once resolved against the page (never javascript: or data:). */
function framable(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

/**
 * One embedded page of an edit form (docs/embedded-pages.md): the iframe, at the address the
 * server gave with the form's code, mode and record appended, and the host's side of the message
 * protocol. Its participant answers the flow's validate and save through the frame; in view and
 * approval modes the frame is told it is read-only and the participant never blocks.
 */
export function EmbeddedPageFrame({ info, formCode, mode, recordId, register, channelOptions }: EmbeddedPageFrameProps) {
  useLocaleModule('embedded');
  const { t } = useI18n();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [instanceKey] = useState(newInstanceKey);
  const readOnly = mode === 'view' || mode === 'approval';
  const ok = framable(info.iframeUrl);
  const src = useMemo(() => (ok ? frameAddress(info.iframeUrl, window.location.href, { formCode, formMode: mode, ...(recordId !== undefined ? { recordId } : {}), instanceKey }) : ''), [ok, info.iframeUrl, formCode, mode, recordId, instanceKey]);
  const origin = ok ? originOf(src, window.location.href) : '';

  const channel = useRef<HostChannel | null>(null);
  const latest = useRef({ t, title: info.iframeTitle, mode, recordId, channelOptions });
  latest.current = { t, title: info.iframeTitle, mode, recordId, channelOptions };

  useEffect(() => {
    if (!origin) return;
    const created = createHostChannel({ frame: () => frameRef.current?.contentWindow ?? null, origin, ...latest.current.channelOptions });
    channel.current = created;
    return () => {
      channel.current = null;
      created.dispose();
    };
  }, [origin]);

  const participant = useMemo<EmbeddedParticipant>(() => {
    const ask = async (action: 'validate' | 'save' | 'submit', flow: EmbeddedFlow): Promise<string | null> => {
      const { t: say, title, mode: formMode, recordId: id } = latest.current;
      if (formMode === 'view' || formMode === 'approval') return null;
      if (!channel.current) return say('embedded.frame.invalid', { name: title });
      const outcome = await channel.current.request(action, flow, formMode, id);
      if (outcome.kind === 'timeout') return say('embedded.frame.timeout', { name: title });
      return outcome.answer.ok ? null : outcome.answer.message || say('embedded.frame.refused', { name: title });
    };
    return {
      name: info.iframeName,
      validate: (flow) => ask('validate', flow),
      save: (flow) => ask(flow === 'submit' ? 'submit' : 'save', flow),
    };
  }, [info.iframeName]);

  useEffect(() => register(participant), [register, participant]);

  return (
    <Box data-part="embedded-page" data-name={info.iframeName} data-state={readOnly ? 'read-only' : 'editable'} data-testid={`embedded-page-${info.iframeName}`}>
      <HStack gap="2" mb="1">
        <Text fontWeight="medium" fontSize="sm">{info.iframeTitle}</Text>
        {readOnly && <Badge size="sm">{t('embedded.frame.readOnly')}</Badge>}
      </HStack>
      {ok ? (
        <iframe ref={frameRef} title={info.iframeTitle} name={info.iframeName} src={src} height={clampHeight(info.iframeHeight)} style={{ width: '100%', border: 0, display: 'block' }} data-part="embedded-frame" />
      ) : (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('embedded.frame.invalid', { name: info.iframeTitle })}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
