import { lazy, Suspense, useState } from 'react';
import { IconButton } from '@chakra-ui/react';
import type { WorkbenchLayoutApi } from '../../machines/workbench-layout.connect';
import { useI18n } from '../../services/i18n/react';

const loadAreaSettings = () => import('./AreaSettings');
const AreaSettings = lazy(async () => ({ default: (await loadAreaSettings()).AreaSettings }));

/**
 * The home page's ⚙ before the customise popover is wanted: a plain button that looks the same,
 * so the popover's code (Chakra's popover, tabs and tick boxes, some 20 kB gzip) is not part of
 * the home page's first screen (issue 16). Pointing at it or focusing it fetches that code;
 * pressing it opens the popover, which takes the button's place.
 */
export function AreaSettingsTrigger({ api }: { api: WorkbenchLayoutApi }) {
  const { t } = useI18n();
  const [wanted, setWanted] = useState(api.open);
  const trigger = api.getTriggerProps();
  const plain = (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={t('workbench.areas.open')}
      title={t('workbench.areas.open')}
      data-part={trigger['data-part']}
      data-state={trigger['data-state']}
      disabled={trigger.disabled}
      data-testid="workbench-areas-trigger"
      onPointerEnter={() => void loadAreaSettings()}
      onFocus={() => void loadAreaSettings()}
      onClick={() => {
        setWanted(true);
        api.getPopoverProps().onOpenChange({ open: true });
      }}>
      ⚙
    </IconButton>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <AreaSettings api={api} />
    </Suspense>
  );
}
