import { Heading } from '@chakra-ui/react';
import { useI18n } from '../services/i18n/react';
import type { LoginUserInfo } from '../shared/contract/common';
import { userNameIn } from '../shared/user-name';
import { useFirstPaintDone } from './useFirstPaintDone';

/**
 * The home page's greeting, the workbench's heading. The route guard draws the same one while
 * the shell's code loads (views/shell/ShellPlaceholder.tsx): the same words at the same size, so
 * the page's largest paint is that first one and the workbench's is not a larger one after it
 * (issue 16, point 2). index.html's own first paint greets on that box too, before any of this
 * code has run (services/home-first-paint.ts); the first greeting drawn here takes it away.
 */
export function Greeting({ user }: { user: Pick<LoginUserInfo, 'userName' | 'userNameEn'> | null | undefined }) {
  const { t, lang } = useI18n();
  useFirstPaintDone(true);
  return (
    <Heading size="lg" as="h1" data-part="greeting">
      {t('shell.workbench.welcome', { name: userNameIn(user, lang) ?? '' })}
    </Heading>
  );
}
