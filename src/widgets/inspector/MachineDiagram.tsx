import { useEffect, useRef, useState } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { pageNonce } from '../../services/style-cache';
import { highlightStates, safeSvg } from './safe-svg';

/** Where the build puts the generated diagrams (rspack.config.ts copies docs/diagrams there). */
export const DIAGRAMS_BASE = './diagrams';

/**
 * One machine's generated diagram, fetched from the build's diagrams folder, with the given
 * states highlighted. Used by the #/diagrams page and the inspector.
 */
export function MachineDiagram({ machineId, activeStateIds = [], loadingText, missingText, fit = false }: { machineId: string; activeStateIds?: readonly string[]; loadingText: string; missingText: string; fit?: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing'>('loading');

  useEffect(() => {
    let live = true;
    setStatus('loading');
    fetch(`${DIAGRAMS_BASE}/${encodeURIComponent(machineId)}.svg`)
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((text) => {
        const svg = safeSvg(text, document, pageNonce());
        if (!live) return;
        if (!svg || !holder.current) return setStatus('missing');
        if (fit) {
          svg.setAttribute('width', '100%');
          svg.removeAttribute('height');
        }
        holder.current.replaceChildren(svg);
        setStatus('ready');
      })
      .catch(() => live && setStatus('missing'));
    return () => {
      live = false;
    };
  }, [machineId, fit]);

  const key = activeStateIds.join('\n');
  useEffect(() => {
    const svg = holder.current?.querySelector('svg');
    if (status === 'ready' && svg) highlightStates(svg, key ? key.split('\n') : []);
  }, [status, key]);

  return (
    <Box data-testid="machine-diagram" data-machine={machineId} data-status={status}>
      {status === 'loading' && (
        <Text color="fg.muted" fontSize="sm">
          <Spinner size="xs" me="2" />
          {loadingText}
        </Text>
      )}
      {status === 'missing' && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {missingText}
        </Text>
      )}
      <Box ref={holder} overflow="auto" maxW="100%" display={status === 'ready' ? 'block' : 'none'} />
    </Box>
  );
}
