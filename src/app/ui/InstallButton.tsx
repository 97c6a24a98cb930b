/**
 * "Install app" in the top bar (docs/offline.md "Installing"): shown while the browser offers to
 * install the app (lib/install-offer.ts), hidden when it is installed or the browser makes no
 * offer. A tap opens the browser's own install question.
 */
import { Button } from '@radix-ui/themes';
import { useSyncExternalStore } from 'react';
import { installOffer } from '../lib/install-offer';

function runsInstalled(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

export function InstallButton() {
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.get);
  if (!offer || runsInstalled()) return null;
  return (
    <Button
      variant="soft"
      size="2"
      data-testid="install-app"
      title="Install the back office on this device: it opens from the home screen, also offline"
      onClick={() => void installOffer.take()?.prompt()}
    >
      Install app
    </Button>
  );
}
