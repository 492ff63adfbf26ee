import { useEffect, useRef } from 'react';
import { Box, Button, Spinner, Text } from '@chakra-ui/react';
import { pageNonce } from '../../services/style-cache';
import { highlightStates, safeSvg } from './safe-svg';
import { fetchDiagramFile, useDiagramFile } from './use-diagram-file';

/** A machine's generated SVG, made safe to put in the page; a file that is not one is a failure. */
async function loadDiagram(machineId: string): Promise<SVGSVGElement> {
  const svg = safeSvg(String(await fetchDiagramFile(`${encodeURIComponent(machineId)}.svg`, 'text')), document, pageNonce());
  if (!svg) throw new Error('not a diagram');
  return svg;
}

/**
 * One machine's generated diagram, fetched from the build's diagrams folder, with the given
 * states highlighted. Used by the #/diagrams page and the inspector.
 */
export function MachineDiagram({ machineId, activeStateIds = [], loadingText, missingText, retryText, fit = false }: { machineId: string; activeStateIds?: readonly string[]; loadingText: string; missingText: string; retryText: string; fit?: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  const file = useDiagramFile(machineId, loadDiagram);
  const svg = file.content;

  // The SVG element is the machine's content; the holder shows the one of the current source.
  useEffect(() => {
    if (!svg || !holder.current) return;
    if (fit) {
      svg.setAttribute('width', '100%');
      svg.removeAttribute('height');
    }
    holder.current.replaceChildren(svg);
  }, [svg, fit]);

  const key = activeStateIds.join('\n');
  useEffect(() => {
    if (svg) highlightStates(svg, key ? key.split('\n') : []);
  }, [svg, key]);

  return (
    <Box data-testid="machine-diagram" data-machine={machineId} {...file.getRootProps()}>
      {file.state === 'loading' && (
        <Text color="fg.muted" fontSize="sm">
          <Spinner size="xs" me="2" />
          {loadingText}
        </Text>
      )}
      {file.state === 'failed' && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {missingText}
          <Button size="2xs" variant="outline" ms="2" {...file.getRetryProps()}>
            {retryText}
          </Button>
        </Text>
      )}
      <Box ref={holder} overflow="auto" maxW="100%" display={file.state === 'ready' ? 'block' : 'none'} />
    </Box>
  );
}
