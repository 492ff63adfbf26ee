import { Component, lazy, useState, useTransition, type ReactNode } from 'react';
import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { DATE_FORMAT } from '../../shared/constants';
import { useI18n } from '../../services/i18n/react';
import { CalendarIcon } from './CalendarIcon';
import { DateText, pickLabel, type DateInputProps } from './date-field';
import { toaster } from '../request-layer/toaster';

export type { DateInputProps } from './date-field';

/**
 * Chakra's date picker (Zag's machine and the international calendar behind it) is a chunk of
 * its own, some 20 kB gzip that every resource page fetched as it opened, for a calendar most
 * visits never open (issue 16). So the field is drawn plain, with the picker's own styles, and
 * the picker replaces it when its button is first pressed. The swap runs as a transition: React
 * keeps the plain field on screen, its button holding the keyboard, while the chunk loads.
 */
const loadCalendar = () => lazy(() => import(/* webpackChunkName: "calendar" */ './CalendarDateInput'));
/**
 * React.lazy keeps a failed import's rejection for good: after a failure (offline, a deploy that
 * removed the old chunk) the next press must ask for the chunk again, so a failure replaces it.
 */
let CalendarDateInput = loadCalendar();

/**
 * A date typed or picked, shown as YYYY-MM-DD in either language (widgets §9): the browser's own
 * date input writes its locale's order (11/29/2026 in English) and cannot be told otherwise.
 * The text is the value: what is typed stays as typed, and the form's own rules say when it is
 * not a date (query.rule.date, resource.error.date, the dynamic form's date rule), so a slip is
 * shown, never silently corrected. The calendar button opens Chakra's date picker on the typed
 * day (today when there is none): CalendarDateInput.tsx.
 */
export function DateInput(props: DateInputProps) {
  const { t } = useI18n();
  const [calendar, setCalendar] = useState(false);
  // Pending while the picker's chunk loads: the plain field's button says it is busy meanwhile.
  const [loading, startTransition] = useTransition();
  const plain = <PlainDateInput {...props} busy={loading} onPick={() => startTransition(() => setCalendar(true))} />;
  if (!calendar) return plain;
  // A calendar chunk that cannot be loaded (offline) leaves the field as it was, typing still
  // working, says so, and lets the next press try again.
  const onLoadFailed = () => {
    CalendarDateInput = loadCalendar();
    setCalendar(false);
    toaster.create({ type: 'error', title: t('global.date.calendarFailed') });
  };
  return (
    <KeepPlainOnError plain={plain} onError={onLoadFailed}>
      <CalendarDateInput {...props} openOnMount />
    </KeepPlainOnError>
  );
}

/** The field before its calendar is asked for: the same parts and styles, without the picker. */
function PlainDateInput({ value, onChange, pattern = DATE_FORMAT, label, min: _min, max: _max, flex, minW, readOnly, disabled, size = 'sm', busy, onPick, ...inputProps }: DateInputProps & { busy: boolean; onPick: () => void }) {
  const { t } = useI18n();
  const styles = useSlotRecipe({ key: 'datePicker' })({ size });
  const editable = !readOnly && !disabled;
  return (
    <chakra.div css={styles.root} flex={flex} minW={minW} data-part="date-input">
      <chakra.div css={styles.control}>
        <DateText size={size} pattern={pattern} value={value} onChange={onChange} readOnly={readOnly} disabled={disabled} inputProps={inputProps} />
        {editable && (
          <chakra.div css={styles.indicatorGroup}>
            <chakra.button
              type="button"
              css={styles.trigger}
              aria-label={pickLabel(t, label)}
              aria-haspopup="dialog"
              aria-expanded={false}
              aria-busy={busy || undefined}
              data-part="date-trigger"
              onClick={onPick}
            >
              <CalendarIcon />
            </chakra.button>
          </chakra.div>
        )}
      </chakra.div>
    </chakra.div>
  );
}

class KeepPlainOnError extends Component<{ plain: ReactNode; children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? this.props.plain : this.props.children;
  }
}
