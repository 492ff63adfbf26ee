import type { ReactNode } from 'react';
import { IconButton, type IconButtonProps } from '@chakra-ui/react';

export interface ToolbarIconButtonProps extends Omit<IconButtonProps, 'aria-label' | 'children'> {
  /** Said by assistive technology and shown as the tooltip: an icon alone tells a user nothing. */
  label: string;
  /** The icon's strokes, inside a 24×24 outline drawing. */
  icon: ReactNode;
  /** Drawn over the icon's corner (a count). */
  badge?: ReactNode;
  'data-testid'?: string;
  'data-part'?: string;
  'data-state'?: string;
}

/**
 * A table toolbar's icon button (export, import, export jobs): outlined, small, its icon drawn
 * as strokes in SVG rather than an emoji a font may lack.
 */
export function ToolbarIconButton({ label, icon, badge, ...rest }: ToolbarIconButtonProps) {
  return (
    <IconButton size="sm" variant="outline" aria-label={label} title={label} position={badge ? 'relative' : undefined} {...rest}>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {icon}
      </svg>
      {badge}
    </IconButton>
  );
}
