import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { mergeConfigs, type SystemStyleObject } from '@chakra-ui/react';
import { themeConfig } from '../../services/theme-config';

/** The palettes a row's buttons take: the page's (blue) and the destructive steps' (red). */
export type RowButtonPalette = 'blue' | 'red';

type Styles = Record<string, unknown>;
/**
 * Later styles over earlier ones, conditions (`_hover`, `_icon`) merged rather than replaced:
 * Chakra's own deep merge, the one that merges a configuration's recipes (it copies its inputs).
 */
const mergeStyles = (...parts: Array<Styles | undefined>): Styles => mergeConfigs(...(parts.filter(Boolean) as object[])) as Styles;

const button = themeConfig.theme?.recipes?.button as { base?: Styles; variants?: { size?: Record<string, Styles>; variant?: Record<string, Styles> } };

/**
 * A row button's look: the app's own Chakra button recipe at size `xs`, variant `ghost` (what
 * `<Button size="xs" variant="ghost" px="1.5">` draws), for the table body's one class
 * (DataTable's BODY_CSS). A row's buttons are drawn as every row scrolls into view: a Chakra
 * `Button` each resolved and serialised its style props anew, most of the frames over 16 ms when
 * a wheel brings rows in (issue 16, bench/README.md).
 */
export const ROW_BUTTON_CSS: SystemStyleObject = {
  '& button:is([data-part="row-action"], [data-part="row-menu"])': {
    ...mergeStyles(button.base, button.variants?.size?.xs, button.variants?.variant?.ghost, { px: '1.5' }),
    colorPalette: 'blue',
    '&[data-palette="red"]': { colorPalette: 'red' },
  },
};

export interface RowButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  palette?: RowButtonPalette;
  /** `row-menu`: the button that opens the row's menu of further steps. */
  part?: 'row-action' | 'row-menu';
}

/**
 * A button of a table row (its operation column): a native button in the row buttons' look.
 * Its part is its own: a menu trigger's props (Chakra's `asChild`) do not rename it.
 */
export const RowButton = forwardRef<HTMLButtonElement, RowButtonProps>(function RowButton({ palette = 'blue', part = 'row-action', type = 'button', ...rest }, ref) {
  return <button ref={ref} type={type} data-palette={palette} {...rest} data-part={part} />;
});
