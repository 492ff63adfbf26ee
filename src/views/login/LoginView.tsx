import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'wouter';
import { Alert, Box, Button, Card, Center, Flex, Heading, HStack, Image, Link as ChakraLink, Skeleton, Spinner, Tabs } from '@chakra-ui/react';
import { useI18n } from '../../services/i18n/react';
import { LanguageSwitch } from '../../widgets/LanguageSwitch';
import { PasswordLogin } from './PasswordLogin';
import { useLoginPage } from './login-page';
import { useFirstPaintDone } from '../../widgets/useFirstPaintDone';

/**
 * The QR-code and certificate tabs are their own chunks, fetched when their tab is opened: the
 * password form is what the first screen needs before the user types (issue 16).
 */
const QrLogin = lazy(() => import(/* webpackChunkName: "login-qr" */ './QrLogin').then((m) => ({ default: m.QrLogin })));
const CertLogin = lazy(() => import(/* webpackChunkName: "login-cert" */ './CertLogin').then((m) => ({ default: m.CertLogin })));

/** Login types this page knows how to show; others the server may list are left out. */
const PANELS: Record<string, ComponentType> = { password: PasswordLogin, qrcode: QrLogin, cert: CertLogin };
const FALLBACK_TYPES = [{ value: 'password', text: '' }];

export default function LoginView() {
  const { t, lang } = useI18n();
  const page = useLoginPage(lang);
  const { params } = page;
  const types = (params?.loginTypes ?? FALLBACK_TYPES).filter((type) => type.value in PANELS);
  const [active, setActive] = useState('password');
  useFirstPaintDone(page.whole);

  useEffect(() => {
    document.title = params?.systemTitle ? `${params.systemTitle}-${t('login.title')}` : t('login.title');
  }, [t, params?.systemTitle]);

  return (
    <Center minH="100%" bg="colorPalette.50" p="4">
      <Card.Root w="full" maxW="md" data-testid="login-card">
        <Card.Header>
          {/* As tall as a logo before the parameters and logos arrive, so the card does not move when they do (layout shift, issue 16). */}
          <HStack gap="3" minH="10">
            {params?.logoFiles.map((logo) => <Image key={logo.id} src={logo.url} alt={logo.originalFileName} maxH="10" data-testid="login-logo" />)}
            {params ? <Heading size="lg" data-testid="system-title">{params.systemTitle || t('login.heading')}</Heading> : <Skeleton h="8" w="60%" />}
          </HStack>
        </Card.Header>
        <Card.Body>
          {page.error && (
            <Alert.Root status="warning" mb="4" {...page.getWarningProps()}>
              <Alert.Indicator />
              <Alert.Title>{t('login.paramsFailed', { reason: page.error })}</Alert.Title>
              <Button size="xs" variant="outline" ms="auto" {...page.getRetryProps()}>
                {page.busy && <Spinner size="xs" />}
                {t('login.paramsRetry')}
              </Button>
            </Alert.Root>
          )}
          <Tabs.Root value={types.some((x) => x.value === active) ? active : 'password'} onValueChange={(d) => setActive(d.value)} lazyMount unmountOnExit variant="line">
            <Tabs.List>
              {types.map((type) => (
                <Tabs.Trigger key={type.value} value={type.value}>
                  {type.text || t(`login.types.${type.value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {types.map((type) => {
              const Panel = PANELS[type.value]!;
              return (
                <Tabs.Content key={type.value} value={type.value}>
                  <Suspense
                    fallback={
                      <Center py="8">
                        <Spinner />
                      </Center>
                    }
                  >
                    <Panel />
                  </Suspense>
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        </Card.Body>
        <Card.Footer>
          <Flex w="full" justify="space-between" align="center">
            <Box>
              {params?.forgotPasswordEnabled !== false && (
                <ChakraLink asChild fontSize="sm">
                  <Link href="/forgot-password">{t('login.forgot.link')}</Link>
                </ChakraLink>
              )}
            </Box>
            <LanguageSwitch />
          </Flex>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
