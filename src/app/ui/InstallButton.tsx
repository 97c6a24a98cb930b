/**
 * "Install app" in the top bar (docs/offline.md "Installing"): shown while the browser offers to
 * install the app (lib/install-offer.ts), hidden once it is installed or where the browser makes
 * no offer. A tap asks the browser's own question; an offer is asked once.
 */
import { Button } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { installOffer } from '../lib/install-offer';

/** The part of Chromium's BeforeInstallPromptEvent the button uses (not in TypeScript's DOM types). */
interface InstallPrompt extends Event {
  prompt(): Promise<unknown>;
}

function runsInstalled(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

export function InstallButton() {
  const [offer, setOffer] = useState(() => installOffer.event as InstallPrompt | null);
  useEffect(() => {
    const seen = () => setOffer(installOffer.event as InstallPrompt | null);
    installOffer.seen.add(seen);
    // An offer that came between the first render and now.
    seen();
    const installed = () => {
      installOffer.event = null;
      setOffer(null);
    };
    addEventListener('appinstalled', installed);
    return () => {
      installOffer.seen.delete(seen);
      removeEventListener('appinstalled', installed);
    };
  }, []);
  if (!offer || runsInstalled()) return null;
  return (
    <Button
      variant="soft"
      size="2"
      data-testid="install-app"
      title="Install the back office on this device: it opens from the home screen, also offline"
      onClick={() => {
        installOffer.event = null;
        setOffer(null);
        void offer.prompt();
      }}
    >
      Install app
    </Button>
  );
}
