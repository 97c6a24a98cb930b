/**
 * Registers the service worker and, when a new version has been downloaded, asks the person to
 * reload. Never reloads by itself: someone may be in the middle of an edit.
 */
import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n/language';

/**
 * Reload once the new worker controls the page. The plugin reloads only when the page was
 * already controlled when it registered, which is not so on the visit that installed the app.
 */
function reloadWhenNewVersionControls(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
}

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });

  const words = useMessages(messages.app, 'app');
  if (!needRefresh) return null;
  return (
    <Card className="update-prompt" role="status" aria-live="polite">
      <Flex gap="3" align="center">
        <Text size="2">{words.updateAvailable}</Text>
        <Button
          size="1"
          onClick={() => {
            reloadWhenNewVersionControls();
            void updateServiceWorker(true);
          }}
        >
          {words.reload}
        </Button>
        <Button size="1" variant="ghost" color="gray" onClick={() => setNeedRefresh(false)}>
          {words.later}
        </Button>
      </Flex>
    </Card>
  );
}
