import { useEffect } from 'react';
import { useFollowedReset } from '../../widgets/useFollowedReset';
import { choiceKey, choiceOf, familyDictionary, familyOf } from '../../resources/field-choice';
import { prefetchFamily } from '../../services/dictionaries';
import { useI18n } from '../../services/i18n/react';
import { FieldInput, type FieldInputProps } from './FieldInput';

/**
 * A field whose chooser follows another field (`choiceBy`; a grant's value by its kind,
 * docs/data-auth.md): the chooser of the followed value (a scroll dropdown or a dictionary),
 * drawn fresh when that value changes; a read-only box saying what to choose first while the
 * followed field is empty. When the followed value changes and this field's value does not, the
 * field empties (the province and city rule: a draft or record setting both at once keeps both).
 */
export function ChoiceField(props: FieldInputProps) {
  const { t, lang } = useI18n();
  const { def, value, onChange, followedDict } = props;
  const values = props.values ?? {};
  const key = choiceKey(def, values);
  useFollowedReset(key, String(value ?? ''), onChange);
  // A family's lists (a resource's fields, by resource) come while the followed value is still
  // being chosen: a keyboard user's Tab right after choosing lands on the list, not past it.
  const family = familyOf(def)?.family ?? null;
  useEffect(() => {
    if (family && followedDict) void prefetchFamily(followedDict, (followed) => familyDictionary(family, followed), lang);
  }, [family, followedDict, lang]);
  const choice = choiceOf(def, values);
  if (choice.state === 'none') return null;
  if (choice.state === 'chosen' || choice.state === 'fixed') return <FieldInput key={key} {...props} def={choice.field} />;
  // Waiting: a plain text field that takes nothing, saying which field comes first.
  const { choiceBy: _followed, ...plain } = def;
  const followed = props.followedLabel ?? choice.on;
  return <FieldInput {...props} def={plain} readOnly placeholder={t('scroll.needsFirst', { field: followed })} />;
}
