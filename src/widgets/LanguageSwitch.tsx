import { NativeSelect } from '@chakra-ui/react';
import { useI18n } from '../services/i18n/react';
import { isLanguage } from '../services/i18n/i18n';
import type { Language } from '../shared/constants';

const OPTION_COLOURS = { '& option': { color: 'fg', background: 'bg.panel' } } as const;

/**
 * The language list the server offers; the choice is remembered (`lang`) by the i18n provider.
 * `onChosen` lets the shell also save it on the user.
 */
export function LanguageSwitch({ onChosen, size = 'sm' }: { onChosen?: (lang: Language) => void; size?: 'xs' | 'sm' | 'md' }) {
  const { t, lang, setLang, languages, askLanguages } = useI18n();
  return (
    // Never squeezed: in a phone-wide header the user's name gives way first, the language stays legible.
    <NativeSelect.Root size={size} width="auto" flexShrink={0}>
      <NativeSelect.Field
        aria-label={t('global.language')}
        data-testid="language-switch"
        value={lang}
        // A drop-down list draws its options in their own colours, on the page's surface: inherited
        // from a coloured header they were white on white, legible only where highlighted.
        css={OPTION_COLOURS}
        // The server's list is asked for when the user reaches for the switch, not as the page starts.
        onFocus={askLanguages}
        onPointerDown={askLanguages}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (!isLanguage(next)) return;
          void setLang(next).then(() => onChosen?.(next));
        }}
      >
        {languages.map((l) => (
          <option key={l.langSymbol} value={l.langSymbol}>
            {l.langName || t(`global.languages.${l.langSymbol}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
